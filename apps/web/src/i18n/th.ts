/** Thai is the shop's language and the source of truth for translation keys; en.ts must match its shape. */
export const th = {
  common: { loading: 'กำลังโหลด…' },
  brand: { name: 'สิกขา', tagline: 'คอร์สเรียนออนไลน์' },
  nav: {
    label: 'เมนูหลัก',
    home: 'หน้าแรก',
    courses: 'คอร์สเรียน',
    contact: 'ติดต่อเรา',
    help: 'ช่วยเหลือ',
    login: 'เข้าสู่ระบบ',
    openMenu: 'เปิดเมนู',
    skipToContent: 'ข้ามไปยังเนื้อหา',
  },
  language: { label: 'ภาษา', th: 'ภาษาไทย', en: 'English' },
  search: { label: 'ค้นหาคอร์สเรียน', noOptions: 'ไม่พบคอร์สเรียน', results: 'ผลการค้นหา “{{query}}”' },
  dialog: {
    close: 'ปิด',
  },
  hero: {
    // A word joiner keeps 'ทุกเวลา' and 'ตัวจริง' whole: the browser's Thai dictionary knows each only as two words.
    title: 'เรียนรู้ได้ทุกที่ ทุก\u2060เวลา กับผู้สอนตัว\u2060จริง',
    subtitle: 'คอร์สเรียนออนไลน์ผ่านวิดีโอ ดูซ้ำได้ตลอดอายุคอร์ส',
    cta: 'ดูคอร์สเรียนทั้งหมด',
  },
  courses: {
    title: 'คอร์สเรียน',
    comingSoon: 'เร็วๆ นี้',
    empty: 'ยังไม่มีคอร์สเรียนในขณะนี้',
    loadError: 'โหลดคอร์สเรียนไม่สำเร็จ',
    allCategories: 'ทั้งหมด',
    categories: 'หมวดหมู่',
    imageMissing: 'ไม่มีรูปภาพ',
  },
  coaches: { title: 'ผู้สอน', empty: 'ยังไม่มีข้อมูลผู้สอน', loadError: 'โหลดรายชื่อผู้สอนไม่สำเร็จ' },
  footer: {
    address: 'บริษัท สิกขา จำกัด 99 ถนนพญาไท แขวงทุ่งพญาไท เขตราชเทวี กรุงเทพมหานคร 10400',
    email: 'อีเมล',
    social: 'ติดตามเรา',
    facebook: 'Facebook ของสิกขา',
    line: 'LINE ของสิกขา',
    youtube: 'YouTube ของสิกขา',
    privacy: 'นโยบายความเป็นส่วนตัว',
    terms: 'ข้อกำหนดและเงื่อนไข',
    verifyDocument: 'ตรวจสอบใบเสร็จรับเงิน / ใบกำกับภาษี',
  },
  cookie: {
    label: 'การใช้คุกกี้',
    message: 'เว็บไซต์นี้ใช้คุกกี้เพื่อให้บริการและปรับปรุงประสบการณ์การใช้งานของคุณ อ่านรายละเอียดเพิ่มเติมได้ที่',
    agree: 'ยอมรับ',
    disagree: 'ไม่ยอมรับ',
  },
  pages: {
    checkout: 'ชำระเงิน',
    checkoutQr: 'ชำระเงินด้วย QR Code',
    checkoutUnionpay: 'ชำระเงินด้วย UnionPay',
    creditCard: 'ชำระเงินด้วยบัตรเครดิต',
    creditCardSmartPay: 'ผ่อนชำระด้วยบัตรเครดิต (Smart Pay)',
    qrPayment: 'ชำระเงินด้วย QR พร้อมเพย์',
    coin: 'เหรียญของฉัน',
    comingSoon: 'เนื้อหาส่วนนี้กำลังจะมาเร็วๆ นี้',
  },
  // The spec's English titles (Not Found, An error occurred) in Thai; the English catalogue keeps them.
  errors: {
    notFoundTitle: 'ไม่พบหน้าที่ต้องการ',
    notFoundText: 'ลิงก์อาจไม่ถูกต้อง หรือหน้านี้ถูกย้ายไปแล้ว',
    errorTitle: 'เกิดข้อผิดพลาด',
    errorText: 'ขออภัย ระบบขัดข้องชั่วคราว กรุณาลองใหม่อีกครั้ง',
    home: 'กลับหน้าแรก (Home)',
  },
};

export type Translation = typeof th;
