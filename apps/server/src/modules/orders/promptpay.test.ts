import { toSatang } from '@sikkha/contract/rules';
import { describe, expect, test } from 'vitest';
import { promptPayPayload } from './promptpay.js';

// The Thai QR payload is checked against payloads published elsewhere (a bank app's QR, other implementations'
// test vectors), with a CRC and a tag reader written here from the EMVCo text, so a fault in the library we use
// to make the payload cannot hide behind the same library reading it back.

/** CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF) over the payload up to and including "6304". */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'ascii')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** EMVCo's tag (2 digits), length (2 digits), value, in order. */
function tags(payload: string): Map<string, string> {
  const read = new Map<string, string>();
  for (let at = 0; at < payload.length; ) {
    const length = Number(payload.slice(at + 2, at + 4));
    read.set(payload.slice(at, at + 2), payload.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return read;
}

/** A payload's own checksum is the CRC of everything before its last four characters. */
const checksumHolds = (payload: string) => crc16(payload.slice(0, -4)) === payload.slice(-4);

// Published payloads: a KBank app's QR to an e-wallet id for ฿100, a static QR to 0814439455 and a ฿100 one,
// and dtinth/promptpay-qr's test vector for the phone number 0000000000.
const KBANK_APP = '00020101021129390016A000000677010111031500499901223315053037645802TH5406100.006304D086';
const PUBLISHED = [
  KBANK_APP,
  '00020101021129370016A000000677010111011300668144394555802TH530376463044BFC',
  '00020101021229370016A000000677010111011300668144394555802TH53037645406100.006304840F',
  '00020101021129370016A000000677010111011300660000000005802TH530376463048956',
];

describe('PromptPay QR payload (EMVCo, Thai QR)', () => {
  test('the CRC here agrees with every published payload', () => {
    for (const payload of PUBLISHED) expect(checksumHolds(payload), payload).toBe(true);
  });

  test('to an e-wallet id: the bank app’s payload, made dynamic for the exact amount', () => {
    const payload = promptPayPayload({ promptPayId: '004999012233150' }, toSatang(100), 'SPSK0000000001');
    expect(payload).not.toBeNull();
    const ours = tags(payload!);
    const app = tags(KBANK_APP);
    // The app's QR is static (11); ours carries the order's amount once, so it is dynamic (12).
    expect(ours.get('01')).toBe('12');
    for (const tag of ['00', '29', '53', '54', '58']) expect(ours.get(tag), tag).toBe(app.get(tag));
    expect(checksumHolds(payload!)).toBe(true);
  });

  test('to a phone: the number as 0066 and nine digits under tag 29, the amount in baht with satang', () => {
    const payload = promptPayPayload({ promptPayId: '0812345678' }, toSatang('1940.56'), 'SPSK0000000001')!;
    const read = tags(payload);
    expect(read.get('29')).toBe('0016A00000067701011101130066812345678');
    expect(tags(read.get('29')!).get('01')).toBe('0066812345678');
    expect(read.get('53')).toBe('764');
    expect(read.get('54')).toBe('1940.56');
    expect(read.get('58')).toBe('TH');
    expect(checksumHolds(payload)).toBe(true);
  });

  test('to a tax id: the 13 digits under sub-tag 02', () => {
    const payload = promptPayPayload({ promptPayId: '0105569000002' }, toSatang(1200), 'SPSK0000000001')!;
    expect(tags(tags(payload).get('29')!).get('02')).toBe('0105569000002');
    expect(tags(payload).get('54')).toBe('1200.00');
    expect(checksumHolds(payload)).toBe(true);
  });

  test('with a biller id: a bill payment (tag 30) with the order’s SPSK reference as ref1', () => {
    const payload = promptPayPayload(
      { promptPayId: '0812345678', promptPayBillerId: '010556612345601' },
      toSatang(1590),
      'SPSK0000000042',
    )!;
    const read = tags(payload);
    expect(read.has('29')).toBe(false);
    const bill = tags(read.get('30')!);
    expect(bill.get('00')).toBe('A000000677010112');
    expect(bill.get('01')).toBe('010556612345601');
    expect(bill.get('02')).toBe('SPSK0000000042');
    expect(read.get('54')).toBe('1590.00');
    expect(checksumHolds(payload)).toBe(true);
  });

  test('a shop with neither id has no QR', () => {
    expect(promptPayPayload({}, toSatang(100), 'SPSK0000000001')).toBeNull();
  });
});
