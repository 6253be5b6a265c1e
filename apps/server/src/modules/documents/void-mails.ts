import type { Mail } from '../../providers/mail.js';
import { linesMail } from '../../providers/mail-layout.js';

interface Voided {
  to: string;
  name: string | null;
  /** The voided document's number, its cancellation note's and its replacement's. */
  voided: string;
  cancellation: string;
  replacement: string;
  reference: string;
  reason: string;
  link: string;
}

/** A PDF attached by where it comes from (`providers/mail.ts` `attachFrom`), named `<number>.pdf`. */
const pdf = (number: string, source: string, id: number | string) => ({
  filename: `${number}.pdf`,
  contentType: 'application/pdf',
  source,
  id,
});

/** The void's first mail: which document was voided, why, with the cancellation note attached. */
export function voidedMail(input: Voided, attachment: { source: string }): Mail {
  return {
    ...linesMail(
      input.to,
      `ยกเลิกเอกสารเลขที่ ${input.voided}`,
      input.name,
      [
        `ร้านได้ยกเลิกเอกสารเลขที่ ${input.voided} ของคำสั่งซื้อ ${input.reference} เนื่องจากออกเอกสารไม่ถูกต้อง`,
        `เหตุผล: ${input.reason}`,
        `ใบแจ้งยกเลิกเลขที่ ${input.cancellation} แนบมากับอีเมลฉบับนี้ และเอกสารฉบับใหม่เลขที่ ${input.replacement} ส่งถึงคุณในอีเมลอีกฉบับ`,
      ],
      input.link,
    ),
    attachments: [pdf(input.cancellation, attachment.source, input.cancellation)],
  };
}

/** The void's second mail: the replacement, on its own, so each document goes to the time-stamp mailbox alone. */
export function replacementMail(input: Voided, attachment: { source: string; orderId: number }): Mail {
  return {
    ...linesMail(
      input.to,
      `เอกสารฉบับใหม่เลขที่ ${input.replacement}`,
      input.name,
      [
        `เอกสารเลขที่ ${input.replacement} ออกแทนเอกสารเลขที่ ${input.voided} ซึ่งยกเลิกแล้ว (เอกสาร PDF แนบมากับอีเมลฉบับนี้)`,
        'ดาวน์โหลดเอกสารได้ที่หน้า คำสั่งซื้อของฉัน',
      ],
      input.link,
    ),
    attachments: [pdf(input.replacement, attachment.source, attachment.orderId)],
  };
}
