import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { validate } from 'promptparse';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

/**
 * Bank codes of the Bank of Thailand as the slip's mini-QR carries them (the sending bank), for the banks of the
 * transfer panel; other banks show their code.
 */
export const slipBankNames: Record<string, string> = {
  '002': 'BBL',
  '004': 'KBANK',
  '006': 'KTB',
  '011': 'TMB',
  '014': 'SCB',
  '025': 'BAY',
};

let engine: Promise<unknown> | undefined;

/**
 * zxing-wasm fetches its engine from a CDN unless it is handed the .wasm: the shop reads the copy installed with the
 * package, once, so reading a slip never leaves the machine.
 */
function readyEngine() {
  engine ??= readFile(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm')).then((wasm) =>
    prepareZXingModule({
      overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer },
      fireImmediately: true,
    }),
  );
  return engine;
}

export interface SlipQr {
  /** The first QR text found on the picture, when any. */
  qr: string | null;
  /** The transaction reference and sending bank of a Thai slip's mini-QR (the "slip verify" payload). */
  reference: string | null;
  bank: string | null;
}

/**
 * Reads the mini-QR that Thai banking apps print on a transfer slip: an EMVCo-style payload (tag 00 holding the API
 * id 000001, the sending bank's code and the transaction reference; country TH; a CRC) that names the transaction
 * for the bank's slip-verification API, with no amount. promptparse checks the layout and the CRC (some banks'
 * apps write the CRC wrong: it is fixed, as promptparse allows).
 */
export async function readSlipQr(bytes: Buffer): Promise<SlipQr> {
  await readyEngine();
  const found = await readBarcodes(new Uint8Array(bytes), {
    formats: ['QRCode'],
    tryHarder: true,
    maxNumberOfSymbols: 4,
  });
  const texts = found.filter((r) => r.isValid && r.text).map((r) => r.text);
  for (const text of texts) {
    const slip = validate.slipVerify(text, true);
    if (slip) return { qr: text, reference: slip.transRef, bank: slip.sendingBank };
  }
  return { qr: texts[0] ?? null, reference: null, bank: null };
}
