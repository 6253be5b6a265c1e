import { generate } from 'promptparse';
import QRCode from 'qrcode';
import sharp from 'sharp';

/**
 * A picture shaped like a Thai bank's transfer slip: a white receipt with the mini-QR in its lower right corner.
 * The QR carries the slip-verification payload the banks print (documented in SCB's developer guide "Extracting
 * data from mini QR", and made here with promptparse's `slipVerify`): tag 00 holding the API id 000001, the
 * sending bank's code and the transaction reference, tag 51 the country TH, tag 91 a CRC-16. No amount is in it.
 */
export async function slipPicture(reference: string, bank = '004', format: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  const payload = generate.slipVerify({ sendingBank: bank, transRef: reference });
  const qr = await QRCode.toBuffer(payload, { width: 220, margin: 1 });
  const slip = sharp({ create: { width: 600, height: 900, channels: 3, background: '#ffffff' } }).composite([
    { input: qr, top: 640, left: 350 },
  ]);
  return format === 'png' ? slip.png().toBuffer() : slip.jpeg({ quality: 90 }).toBuffer();
}

/** A picture with no QR at all (a photo of a screen, a cropped slip). */
export function blankPicture(): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 400, channels: 3, background: '#f0f0f0' } })
    .png()
    .toBuffer();
}

export function slipForm(picture: Buffer, name = 'slip.png', type = 'image/png'): FormData {
  const body = new FormData();
  body.append('images', new Blob([new Uint8Array(picture)], { type }), name);
  return body;
}
