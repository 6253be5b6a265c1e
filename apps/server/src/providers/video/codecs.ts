/**
 * The RFC 6381 codec names of an HLS segment's streams (`avc1.4d401f`, `mp4a.40.2`), for the master playlist's
 * CODECS. Read from the stream itself (the H.264 sequence parameter set, the ADTS header) rather than from the
 * encoder's settings, so they say what the player will get even where the encoder picked the level itself.
 */

const PACKET = 188;
const SYNC = 0x47;
/** ISO/IEC 13818-1 stream types the packager writes. */
const H264 = 0x1b;
const AAC_ADTS = 0x0f;

interface Payload {
  pid: number;
  /** The packet starts a PES packet or a section. */
  start: boolean;
  data: Buffer;
}

function* payloads(ts: Buffer): Generator<Payload> {
  for (let at = 0; at + PACKET <= ts.length; at += PACKET) {
    if (ts[at] !== SYNC) throw new Error('not an MPEG-TS segment');
    const pid = ((ts[at + 1]! & 0x1f) << 8) | ts[at + 2]!;
    const control = (ts[at + 3]! >> 4) & 0x3;
    if (control === 0 || control === 2) continue;
    const offset = control === 3 ? at + 5 + ts[at + 4]! : at + 4;
    yield { pid, start: (ts[at + 1]! & 0x40) !== 0, data: ts.subarray(offset, at + PACKET) };
  }
}

/** The first section on `pid` (PAT or PMT), from its table id to before its CRC. */
function section(ts: Buffer, pid: number): Buffer {
  for (const p of payloads(ts)) {
    if (p.pid !== pid || !p.start) continue;
    const table = p.data.subarray(1 + p.data[0]!);
    const length = ((table[1]! & 0x0f) << 8) | table[2]!;
    return table.subarray(0, 3 + length - 4);
  }
  throw new Error(`no table on PID ${pid}`);
}

/** Each elementary stream's PID and type, from the first program of the PAT. */
function streams(ts: Buffer): { pid: number; type: number }[] {
  const pat = section(ts, 0);
  const pmtPid = ((pat[10]! & 0x1f) << 8) | pat[11]!;
  const pmt = section(ts, pmtPid);
  const found: { pid: number; type: number }[] = [];
  let at = 12 + (((pmt[10]! & 0x0f) << 8) | pmt[11]!);
  while (at + 5 <= pmt.length) {
    found.push({ type: pmt[at]!, pid: ((pmt[at + 1]! & 0x1f) << 8) | pmt[at + 2]! });
    at += 5 + (((pmt[at + 3]! & 0x0f) << 8) | pmt[at + 4]!);
  }
  return found;
}

/** The elementary stream bytes of the first PES packet on `pid`, without the PES header. */
function firstPes(ts: Buffer, pid: number): Buffer {
  const parts: Buffer[] = [];
  for (const p of payloads(ts)) {
    if (p.pid !== pid) continue;
    if (p.start) {
      if (parts.length > 0) break;
      parts.push(p.data.subarray(9 + p.data[8]!));
    } else if (parts.length > 0) parts.push(p.data);
  }
  if (parts.length === 0) throw new Error(`no PES packet on PID ${pid}`);
  return Buffer.concat(parts);
}

/** `avc1.PPCCLL`: profile_idc, the constraint flags byte and level_idc of the first sequence parameter set. */
function avc(es: Buffer): string {
  for (let at = 0; at + 6 < es.length; at++) {
    if (es[at] === 0 && es[at + 1] === 0 && es[at + 2] === 1 && (es[at + 3]! & 0x1f) === 7) {
      const hex = (n: number) => n.toString(16).padStart(2, '0');
      return `avc1.${hex(es[at + 4]!)}${hex(es[at + 5]!)}${hex(es[at + 6]!)}`;
    }
  }
  throw new Error('no H.264 sequence parameter set in the segment’s first frame');
}

/** `mp4a.40.N`, N the audio object type: the ADTS profile plus one. */
function mp4a(es: Buffer): string {
  if (es[0] !== 0xff || (es[1]! & 0xf6) !== 0xf0) throw new Error('AAC stream without an ADTS header');
  return `mp4a.40.${(es[2]! >> 6) + 1}`;
}

/** The CODECS value for a variant whose segments are like `segment` (plain MPEG-TS, H.264 and AAC). */
export function hlsCodecs(segment: Buffer): string {
  return streams(segment)
    .map(({ pid, type }) => {
      if (type === H264) return avc(firstPes(segment, pid));
      if (type === AAC_ADTS) return mp4a(firstPes(segment, pid));
      throw new Error(`unexpected stream type 0x${type.toString(16)} in an HLS segment`);
    })
    .join(',');
}
