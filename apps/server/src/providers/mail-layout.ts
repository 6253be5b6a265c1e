import { SHOP_NAME } from '@sikkha/contract';
import { escapeHtml } from '../lib/html.js';
import type { Mail } from './mail.js';

/**
 * The shop's plain Thai mail: one table with inline styles, as mail clients need. `body` is already-escaped HTML;
 * `heading` is shown as the title when given; `footer` says why the reader got it.
 */
export function mailLayout(input: { subject: string; heading?: string; body: string; footer: string }): string {
  const heading = input.heading ? `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(input.heading)}</h1>\n` : '';
  return `<!doctype html>
<html lang="th">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(input.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Tahoma,'Noto Sans Thai',sans-serif;color:#222">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">
<tr><td>
${heading}${input.body}
<p style="font-size:12px;color:#777;margin-top:24px">${escapeHtml(input.footer)}</p>
</td></tr>
</table>
</body>
</html>`;
}

/** The footer of a mail the system sends by itself. */
export const automaticFooter = `อีเมลนี้ส่งจากระบบ ${SHOP_NAME} โดยอัตโนมัติ กรุณาอย่าตอบกลับ`;

/** 'Dear …' in Thai, or 'Dear user' when the member has no name. */
export const mailGreeting = (name: string | null | undefined) =>
  name?.trim() ? `เรียน คุณ${name.trim()}` : 'เรียน ผู้ใช้งาน';

/** A plain notice: a greeting, its lines, and one link (an order's, a document's). */
export function linesMail(to: string, subject: string, name: string | null, lines: string[], link: string): Mail {
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
