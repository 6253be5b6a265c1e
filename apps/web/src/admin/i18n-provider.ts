import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'react-admin';
import { RESOURCES } from './resources';

const { ra } = englishMessages;

// Thai for what staff see on every screen; the rest falls back to react-admin's English.
const thaiMessages: TranslationMessages = {
  ...englishMessages,
  ra: {
    ...ra,
    action: {
      ...ra.action,
      add: 'เพิ่ม',
      back: 'ย้อนกลับ',
      cancel: 'ยกเลิก',
      close: 'ปิด',
      confirm: 'ยืนยัน',
      create: 'สร้าง',
      delete: 'ลบ',
      edit: 'แก้ไข',
      export: 'ส่งออก',
      list: 'รายการ',
      refresh: 'รีเฟรช',
      save: 'บันทึก',
      search: 'ค้นหา',
      show: 'ดู',
      undo: 'เลิกทำ',
    },
    auth: {
      ...ra.auth,
      auth_check_error: 'กรุณาเข้าสู่ระบบ',
      user_menu: 'โปรไฟล์',
      username: 'ชื่อผู้ใช้',
      password: 'รหัสผ่าน',
      sign_in: 'เข้าสู่ระบบ',
      sign_in_error: 'เข้าสู่ระบบไม่สำเร็จ กรุณาลองใหม่',
      logout: 'ออกจากระบบ',
    },
    page: { ...ra.page, dashboard: 'แดชบอร์ด', error: 'เกิดข้อผิดพลาด', loading: 'กำลังโหลด', not_found: 'ไม่พบหน้า' },
    navigation: { ...ra.navigation, no_results: 'ไม่พบ%{name}', page_rows_per_page: 'แถวต่อหน้า:' },
    notification: {
      ...ra.notification,
      created: 'สร้างเรียบร้อยแล้ว',
      updated: 'บันทึกเรียบร้อยแล้ว |||| บันทึก %{smart_count} รายการเรียบร้อยแล้ว',
      deleted: 'ลบเรียบร้อยแล้ว |||| ลบ %{smart_count} รายการเรียบร้อยแล้ว',
      http_error: 'ติดต่อเซิร์ฟเวอร์ไม่สำเร็จ',
    },
  },
  resources: Object.fromEntries(Object.entries(RESOURCES).map(([name, label]) => [name, { name: label }])),
};

export const i18nProvider = polyglotI18nProvider((locale) => (locale === 'en' ? englishMessages : thaiMessages), 'th', [
  { locale: 'th', name: 'ไทย' },
  { locale: 'en', name: 'English' },
]);
