import type { Mail } from '../../providers/mail.js';

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => entities[c]!);

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
  const greeting = input.name ? `เรียน คุณ${input.name}` : 'เรียน ผู้ใช้งาน';
  const lines = [
    `ได้รับชำระเงินคอร์ส ${input.title} จำนวน ${input.amount} แล้ว`,
    `เลขที่เอกสาร ${input.orderNo}`,
    'คุณเริ่มเรียนได้ทันทีที่หน้า คอร์สของฉัน',
  ];
  return {
    to: input.to,
    subject,
    text: [greeting, '', ...lines, input.link].join('\n'),
    html: `<!doctype html><html lang="th"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Tahoma,'Noto Sans Thai',sans-serif;color:#222">
<p>${escapeHtml(greeting)}</p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a></p>
<p style="font-size:12px;color:#777">อีเมลนี้ส่งจากระบบ Sikkha โดยอัตโนมัติ กรุณาอย่าตอบกลับ</p>
</body></html>`,
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
  const greeting = input.name ? `เรียน คุณ${input.name}` : 'เรียน ผู้ใช้งาน';
  const lines = [
    `การชำระเงินคำสั่งซื้อ ${input.reference} คอร์ส ${input.title} ไม่ผ่านการตรวจสอบ และคำสั่งซื้อถูกยกเลิก`,
    `เหตุผล: ${input.reason}`,
    'คุณสั่งซื้อใหม่ได้ที่หน้า คอร์สของฉัน หรือติดต่อเราหากมีข้อสงสัย',
  ];
  return {
    to: input.to,
    subject,
    text: [greeting, '', ...lines, input.link].join('\n'),
    html: `<!doctype html><html lang="th"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Tahoma,'Noto Sans Thai',sans-serif;color:#222">
<p>${escapeHtml(greeting)}</p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a></p>
<p style="font-size:12px;color:#777">อีเมลนี้ส่งจากระบบ Sikkha โดยอัตโนมัติ กรุณาอย่าตอบกลับ</p>
</body></html>`,
  };
}
