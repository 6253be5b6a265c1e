import type { Mail } from '../../providers/mail.js';

const SHOP = 'Sikkha';

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Every value put into a mail's HTML goes through this: names and addresses come from people. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => entities[c]!);

/** A plain Thai mail: one table, inline styles, as mail clients need. `body` is already-escaped HTML. */
function layout(title: string, body: string) {
  return `<!doctype html>
<html lang="th">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Tahoma,'Noto Sans Thai',sans-serif;color:#222">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">
<tr><td>
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>
${body}
<p style="font-size:12px;color:#777;margin-top:24px">อีเมลนี้ส่งจากระบบ ${SHOP} โดยอัตโนมัติ กรุณาอย่าตอบกลับ</p>
</td></tr>
</table>
</body>
</html>`;
}

const greeting = (name: string | null | undefined) => (name?.trim() ? `เรียน คุณ${name.trim()}` : 'เรียน ผู้ใช้งาน');

/** The code that confirms a member's e-mail address (agreement Y). */
export function confirmCodeMail(input: { to: string; name?: string | null; code: string; minutes: number }): Mail {
  const subject = `รหัสยืนยันอีเมล ${SHOP}`;
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
  const subject = `เปลี่ยนรหัสผ่าน ${SHOP}`;
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
