import { escapeHtml } from '../../lib/html.js';
import type { Mail } from '../../providers/mail.js';
import { automaticFooter, mailGreeting, mailLayout } from '../../providers/mail-layout.js';

/** An order's mail: a greeting, its lines, and the link to the member's courses. */
function orderMail(to: string, subject: string, name: string | null, lines: string[], link: string): Mail {
  const greeting = mailGreeting(name);
  const body = [greeting, ...lines].map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');
  return {
    to,
    subject,
    text: [greeting, '', ...lines, link].join('\n'),
    html: mailLayout({
      subject,
      body: `${body}\n<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
      footer: automaticFooter,
    }),
  };
}

/** The mail of a finished order: what was bought, its document number, where to start watching. */
export function orderPaidMail(input: {
  to: string;
  name: string | null;
  title: string;
  orderNo: string;
  amount: string;
  link: string;
}): Mail {
  const subject = `ชำระเงินเรียบร้อย: ${input.title}`;
  const lines = [
    `ได้รับชำระเงินคอร์ส ${input.title} จำนวน ${input.amount} แล้ว`,
    `เลขที่เอกสาร ${input.orderNo}`,
    'คุณเริ่มเรียนได้ทันทีที่หน้า คอร์สของฉัน',
  ];
  return orderMail(input.to, subject, input.name, lines, input.link);
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
  return orderMail(input.to, subject, input.name, lines, input.link);
}
