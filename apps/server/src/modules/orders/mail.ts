import type { Mail, MailAttachment } from '../../providers/mail.js';
import { linesMail } from '../../providers/mail-layout.js';

/** The mail of a finished order: what was bought, its document (number, and the PDF attached), where to start watching. */
export function orderPaidMail(input: {
  to: string;
  name: string | null;
  title: string;
  orderNo: string;
  amount: string;
  link: string;
  document: Omit<MailAttachment, 'contentType'>;
}): Mail {
  const subject = `ชำระเงินเรียบร้อย: ${input.title}`;
  const lines = [
    `ได้รับชำระเงินคอร์ส ${input.title} จำนวน ${input.amount} แล้ว`,
    `เลขที่เอกสาร ${input.orderNo} (เอกสาร PDF แนบมากับอีเมลฉบับนี้)`,
    'คุณเริ่มเรียนได้ทันทีที่หน้า คอร์สของฉัน',
  ];
  return {
    ...linesMail(input.to, subject, input.name, lines, input.link),
    attachments: [{ ...input.document, contentType: 'application/pdf' }],
  };
}

/** The mail of a refused payment: which order, why, and where to pay again. */
export function orderRefusedMail(input: {
  to: string;
  name: string | null;
  title: string;
  reference: string;
  reason: string;
  link: string;
}): Mail {
  const subject = `การชำระเงินไม่ผ่านการตรวจสอบ: ${input.title}`;
  const lines = [
    `การชำระเงินคำสั่งซื้อ ${input.reference} คอร์ส ${input.title} ไม่ผ่านการตรวจสอบ และคำสั่งซื้อถูกยกเลิก`,
    `เหตุผล: ${input.reason}`,
    'คุณสั่งซื้อใหม่ได้ที่หน้า คอร์สของฉัน หรือติดต่อเราหากมีข้อสงสัย',
  ];
  return linesMail(input.to, subject, input.name, lines, input.link);
}

/** The mail of a refund: how much, how it reaches the member, and what it does to the course. */
export function orderRefundedMail(input: {
  to: string;
  name: string | null;
  title: string;
  reference: string;
  amount: string;
  how: string;
  full: boolean;
  reason: string;
  link: string;
  /** The refund's credit note or refund note, attached as `<number>.pdf`; none for a charge that never had one. */
  document: (Pick<MailAttachment, 'source' | 'id'> & { number: string }) | null;
}): Mail {
  const subject = `คืนเงินคำสั่งซื้อ ${input.reference}: ${input.title}`;
  const lines = [
    `ร้านได้คืนเงินคำสั่งซื้อ ${input.reference} คอร์ส ${input.title} จำนวน ${input.amount} ${input.how}`,
    `เหตุผล: ${input.reason}`,
    input.full ? 'คำสั่งซื้อนี้คืนเงินครบแล้ว สิทธิ์เรียนคอร์สนี้สิ้นสุดลง' : 'เป็นการคืนเงินบางส่วน คุณยังเรียนคอร์สนี้ได้ตามเดิม',
    ...(input.document
      ? [`เลขที่เอกสาร ${input.document.number} (เอกสาร PDF แนบมากับอีเมลฉบับนี้ และดาวน์โหลดได้ที่หน้า คำสั่งซื้อของฉัน)`]
      : []),
  ];
  const mail = linesMail(input.to, subject, input.name, lines, input.link);
  if (!input.document) return mail;
  const { number, source, id } = input.document;
  return { ...mail, attachments: [{ filename: `${number}.pdf`, contentType: 'application/pdf', source, id }] };
}

/** The mail of an order cancelled by anyone but its member: why, what happened to the money, where to order again. */
export function orderCancelledMail(input: {
  to: string;
  name: string | null;
  title: string;
  reference: string;
  why: string;
  money: string;
  link: string;
}): Mail {
  const subject = `คำสั่งซื้อ ${input.reference} ถูกยกเลิก: ${input.title}`;
  const lines = [
    `คำสั่งซื้อ ${input.reference} คอร์ส ${input.title} ถูกยกเลิกแล้ว ${input.why}`,
    input.money,
    'หากยังต้องการเรียน สั่งซื้อใหม่ได้ที่ลิงก์ด้านล่าง',
  ];
  return linesMail(input.to, subject, input.name, lines, input.link);
}

/** The mail of a charge that arrived after its order was cancelled, once staff decided. */
export function paidAfterCancelMail(input: {
  to: string;
  name: string | null;
  title: string;
  reference: string;
  granted: boolean;
  amount: string;
  link: string;
}): Mail {
  const subject = input.granted
    ? `เปิดสิทธิ์เรียนคอร์ส ${input.title} แล้ว`
    : `คืนเงินคำสั่งซื้อ ${input.reference}: ${input.title}`;
  const lines = [
    `เราได้รับการชำระเงิน ${input.amount} สำหรับคำสั่งซื้อ ${input.reference} หลังจากคำสั่งซื้อถูกยกเลิกไปแล้ว`,
    input.granted ? 'ร้านได้เปิดสิทธิ์เรียนคอร์สนี้ให้คุณแล้ว เริ่มเรียนได้ที่หน้า คอร์สของฉัน' : 'ร้านได้คืนเงินจำนวนนี้ไปยังช่องทางที่คุณชำระแล้ว',
  ];
  return linesMail(input.to, subject, input.name, lines, input.link);
}
