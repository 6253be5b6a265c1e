import type { DeliveryStatus, FacebookTag, SendAudience, SendChannel } from '@sikkha/contract';
import { useLocaleState } from 'react-admin';

/** The Send screen's words, Thai first; English has the same keys (the type says so). */
const th = {
  title: 'ส่งข้อความ',
  compose: 'เขียนข้อความ',
  text: 'ข้อความ',
  textHelp: '%{count}/%{max} ตัวอักษร',
  image: 'รูปภาพประกอบ (ไม่บังคับ)',
  imageHelp: 'JPEG หรือ PNG ไม่เกิน 10 MB: LINE, Messenger และอีเมลดึงรูปจากที่อยู่สาธารณะของร้าน',
  recipients: 'ผู้รับ',
  audience: { all: 'สมาชิกทั้งหมด', course: 'ผู้ซื้อคอร์ส', members: 'เลือกสมาชิก' } satisfies Record<SendAudience, string>,
  course: 'คอร์ส',
  members: 'สมาชิก',
  membersHelp: 'พิมพ์ชื่อหรืออีเมลเพื่อค้นหา',
  channels: 'ช่องทาง',
  channel: {
    noti: 'การแจ้งเตือนในเว็บ',
    line: 'LINE',
    facebook: 'Messenger (Facebook)',
    email: 'อีเมล',
  } satisfies Record<SendChannel, string>,
  reach: {
    noti: '%{count} คน',
    line: '%{count} คนที่เชื่อมบัญชี LINE',
    facebook: '%{count} คนที่เชื่อม Messenger (%{window} คนทักเพจใน 24 ชม.)',
    email: '%{count} คนที่มีอีเมล',
  } satisfies Record<SendChannel, string>,
  off: 'ยังไม่ได้ตั้งค่า',
  counting: 'กำลังนับผู้รับ…',
  recipientsCount: 'ผู้รับ %{count} คน',
  tag: 'แท็กข้อความ Messenger',
  tagNone: 'ไม่ใช้แท็ก: ส่งถึงเฉพาะผู้ที่ทักเพจภายใน 24 ชั่วโมง',
  tags: {
    POST_PURCHASE_UPDATE: 'อัปเดตหลังการซื้อ (POST_PURCHASE_UPDATE)',
    CONFIRMED_EVENT_UPDATE: 'อัปเดตกิจกรรมที่ลงทะเบียนแล้ว (CONFIRMED_EVENT_UPDATE)',
    ACCOUNT_UPDATE: 'อัปเดตบัญชีสมาชิก (ACCOUNT_UPDATE)',
  } satisfies Record<FacebookTag, string>,
  tagHelp: 'Facebook อนุญาตแท็กเฉพาะข่าวที่เกี่ยวกับผู้รับโดยตรง ห้ามใช้กับโฆษณาหรือโปรโมชัน',
  send: 'ส่งข้อความ',
  sending: 'กำลังส่ง…',
  confirmTitle: 'ยืนยันการส่งข้อความ',
  confirmBody: 'ส่งข้อความนี้ถึงผู้รับ %{count} คน ทาง %{channels} ใช่หรือไม่',
  confirm: 'ส่งเลย',
  cancel: 'ยกเลิก',
  queued: 'รับข้อความแล้ว ระบบกำลังทยอยส่ง',
  history: 'ประวัติการส่ง',
  empty: 'ยังไม่มีข้อความที่ส่ง',
  by: 'โดย %{name}',
  status: { queued: 'รอส่ง', sent: 'ส่งแล้ว', failed: 'ไม่สำเร็จ', skipped: 'ข้าม' } satisfies Record<DeliveryStatus, string>,
  open: 'ดูผลการส่งรายคน',
  log: 'ผลการส่งรายคน',
  allChannels: 'ทุกช่องทาง',
  allStatuses: 'ทุกสถานะ',
  state: 'สถานะ',
  member: 'สมาชิก',
  reason: 'เหตุผล',
  attempts: 'ครั้งที่ส่ง',
  updated: 'อัปเดต',
  close: 'ปิด',
  none: 'ไม่มีรายการ',
  more: 'ก่อนหน้า',
  next: 'ถัดไป',
  page: 'หน้า %{page} จาก %{pages}',
};

type Texts = typeof th;
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

const en: Shape<Texts> = {
  title: 'Send a message',
  compose: 'Write a message',
  text: 'Message',
  textHelp: '%{count}/%{max} characters',
  image: 'Picture (optional)',
  imageHelp: 'JPEG or PNG up to 10 MB: LINE, Messenger and mail fetch it from the shop’s public address',
  recipients: 'Recipients',
  audience: { all: 'All members', course: 'Buyers of a course', members: 'Chosen members' },
  course: 'Course',
  members: 'Members',
  membersHelp: 'Type a name or an e-mail to search',
  channels: 'Channels',
  channel: { noti: 'In-app notification', line: 'LINE', facebook: 'Messenger (Facebook)', email: 'E-mail' },
  reach: {
    noti: '%{count} people',
    line: '%{count} linked to LINE',
    facebook: '%{count} linked to Messenger (%{window} wrote in the last 24 h)',
    email: '%{count} with an e-mail address',
  },
  off: 'not set up',
  counting: 'Counting recipients…',
  recipientsCount: '%{count} recipients',
  tag: 'Messenger message tag',
  tagNone: 'No tag: only people who wrote to the Page in the last 24 hours',
  tags: {
    POST_PURCHASE_UPDATE: 'Post-purchase update (POST_PURCHASE_UPDATE)',
    CONFIRMED_EVENT_UPDATE: 'Confirmed event update (CONFIRMED_EVENT_UPDATE)',
    ACCOUNT_UPDATE: 'Account update (ACCOUNT_UPDATE)',
  },
  tagHelp: 'Facebook allows tags only for personal updates, never for advertising or promotions',
  send: 'Send',
  sending: 'Sending…',
  confirmTitle: 'Send this message?',
  confirmBody: 'Send this message to %{count} recipients over %{channels}?',
  confirm: 'Send now',
  cancel: 'Cancel',
  queued: 'The message is queued and being sent',
  history: 'Sent messages',
  empty: 'No message sent yet',
  by: 'by %{name}',
  status: { queued: 'Waiting', sent: 'Sent', failed: 'Failed', skipped: 'Skipped' },
  open: 'Delivery per member',
  log: 'Delivery per member',
  allChannels: 'All channels',
  allStatuses: 'All states',
  state: 'State',
  member: 'Member',
  reason: 'Reason',
  attempts: 'Attempts',
  updated: 'Updated',
  close: 'Close',
  none: 'Nothing here',
  more: 'Previous',
  next: 'Next',
  page: 'Page %{page} of %{pages}',
};

/** "%{name}" placeholders filled, as react-admin's own messages are. */
const fill = (text: string, values: Record<string, string | number> = {}) =>
  text.replace(/%\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));

/** The Send screen's words in the back office's language, and the locale for dates and numbers. */
export function useSendTexts() {
  const [locale] = useLocaleState();
  const texts = locale === 'en' ? en : th;
  return { texts, locale, fill };
}
