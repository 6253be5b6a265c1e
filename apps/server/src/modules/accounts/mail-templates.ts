import { SHOP_NAME } from '@sikkha/contract';
import { escapeHtml } from '../../lib/html.js';
import type { Mail } from '../../providers/mail.js';
import { automaticFooter, mailGreeting as greeting, mailLayout } from '../../providers/mail-layout.js';

const layout = (subject: string, body: string) =>
  mailLayout({ subject, heading: subject, body, footer: automaticFooter });

/** The code that confirms a member's e-mail address (agreement Y). */
export function confirmCodeMail(input: { to: string; name?: string | null; code: string; minutes: number }): Mail {
  const subject = `รหัสยืนยันอีเมล ${SHOP_NAME}`;
  const text = [
    greeting(input.name),
    '',
    `รหัสยืนยันอีเมลของคุณคือ ${input.code}`,
    `รหัสนี้ใช้ได้ภายใน ${input.minutes} นาที`,
    '',
    'หากคุณไม่ได้สมัครสมาชิก กรุณาเพิกเฉยต่ออีเมลนี้',
  ].join('\n');
  const html = layout(
    subject,
    `<p>${escapeHtml(greeting(input.name))}</p>
<p>รหัสยืนยันอีเมลของคุณคือ</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:6px;margin:8px 0">${escapeHtml(input.code)}</p>
<p>รหัสนี้ใช้ได้ภายใน ${input.minutes} นาที</p>
<p style="color:#555">หากคุณไม่ได้สมัครสมาชิก กรุณาเพิกเฉยต่ออีเมลนี้</p>`,
  );
  return { to: input.to, subject, text, html };
}

/** The link (and the code it carries) that lets a member set a new password. */
export function resetPasswordMail(input: {
  to: string;
  name?: string | null;
  code: string;
  link: string;
  minutes: number;
}): Mail {
  const subject = `เปลี่ยนรหัสผ่าน ${SHOP_NAME}`;
  const text = [
    greeting(input.name),
    '',
    'เปิดลิงก์นี้เพื่อตั้งรหัสผ่านใหม่:',
    input.link,
    '',
    `หรือกรอกรหัสนี้ในหน้าเปลี่ยนรหัสผ่าน: ${input.code}`,
    `ลิงก์และรหัสใช้ได้ภายใน ${input.minutes} นาที และใช้ได้ครั้งเดียว`,
    '',
    'หากคุณไม่ได้ขอเปลี่ยนรหัสผ่าน กรุณาเพิกเฉยต่ออีเมลนี้ รหัสผ่านเดิมยังใช้ได้ตามปกติ',
  ].join('\n');
  const link = escapeHtml(input.link);
  const html = layout(
    subject,
    `<p>${escapeHtml(greeting(input.name))}</p>
<p>กดปุ่มด้านล่างเพื่อตั้งรหัสผ่านใหม่</p>
<p style="margin:16px 0"><a href="${link}" style="display:inline-block;background:#1565c0;color:#fff;padding:10px 20px;border-radius:4px;text-decoration:none">ตั้งรหัสผ่านใหม่</a></p>
<p style="font-size:13px;word-break:break-all">หรือเปิดลิงก์นี้: <a href="${link}">${link}</a></p>
<p>หรือกรอกรหัสนี้ในหน้าเปลี่ยนรหัสผ่าน: <code style="font-size:14px">${escapeHtml(input.code)}</code></p>
<p>ลิงก์และรหัสใช้ได้ภายใน ${input.minutes} นาที และใช้ได้ครั้งเดียว</p>
<p style="color:#555">หากคุณไม่ได้ขอเปลี่ยนรหัสผ่าน กรุณาเพิกเฉยต่ออีเมลนี้ รหัสผ่านเดิมยังใช้ได้ตามปกติ</p>`,
  );
  return { to: input.to, subject, text, html };
}
