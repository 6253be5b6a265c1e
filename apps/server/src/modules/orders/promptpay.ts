import { type Satang, toBaht } from '@sikkha/contract/rules';
import { generate } from 'promptparse';
import QRCode from 'qrcode';

export interface PromptPaySettings {
  promptPayId?: string | undefined;
  promptPayBillerId?: string | undefined;
}

/** The PromptPay proxy type of an id, by its length: a phone (10), a national or tax id (13), an e-wallet (15). */
const proxyType = (id: string) => (id.length === 10 ? 'MSISDN' : id.length === 13 ? 'NATID' : 'EWALLETID');

/**
 * A dynamic Thai QR (EMVCo, point of initiation 12) for the exact amount, with its CRC-16: a bill payment (tag 30)
 * with the order's SPSK reference as ref1 when the shop has a biller id, else a transfer to the shop's PromptPay
 * id (tag 29). Null when the shop has neither.
 */
export function promptPayPayload(settings: PromptPaySettings, amount: Satang, orderRef: string): string | null {
  const baht = toBaht(amount);
  if (settings.promptPayBillerId) {
    return generate.billPayment({ billerId: settings.promptPayBillerId, amount: baht, ref1: orderRef });
  }
  if (settings.promptPayId) {
    return generate.anyId({ type: proxyType(settings.promptPayId), target: settings.promptPayId, amount: baht });
  }
  return null;
}

/** The QR drawn as a PNG data URL: large enough for a phone's camera off a laptop screen, and for download. */
export function qrImage(payload: string): Promise<string> {
  return QRCode.toDataURL(payload, { errorCorrectionLevel: 'M', margin: 2, width: 360 });
}
