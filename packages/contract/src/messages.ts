/** Messages the server and the web both show, Thai first. Spec messages are verbatim. */
export const messages = {
  required: { th: 'กรุณากรอก ข้อมูล', en: 'Please fill in this field' },
  invalidInput: { th: 'ข้อมูลไม่ถูกต้อง', en: 'Invalid input' },
  invalidJson: { th: 'รูปแบบข้อมูล JSON ไม่ถูกต้อง', en: 'Malformed JSON body' },
  tooLarge: { th: 'ข้อมูลหรือไฟล์มีขนาดใหญ่เกินกำหนด', en: 'The request or file is too large' },
  unauthorized: { th: 'กรุณาเข้าสู่ระบบ', en: 'Please log in' },
  forbidden: { th: 'คุณไม่มีสิทธิ์ทำรายการนี้', en: 'You are not allowed to do this' },
  notFound: { th: 'ไม่พบข้อมูล', en: 'Not found' },
  routeNotFound: { th: 'ไม่พบหน้าที่ต้องการ', en: 'Not Found' },
  duplicate: { th: 'มีข้อมูลนี้ในระบบแล้ว', en: 'This record already exists' },
  inUse: { th: 'ไม่สามารถลบได้ เนื่องจากมีข้อมูลอื่นอ้างอิงอยู่', en: 'Cannot delete: other records refer to it' },
  badReference: { th: 'ข้อมูลที่อ้างอิงไม่มีในระบบ', en: 'A referenced record does not exist' },
  tooManyRequests: { th: 'ทำรายการบ่อยเกินไป กรุณารอสักครู่แล้วลองใหม่', en: 'Too many requests, please wait' },
  serverError: { th: 'เกิดข้อผิดพลาดในระบบ กรุณาลองใหม่อีกครั้ง', en: 'Something went wrong, please try again' },
  saved: { th: 'บันทึกข้อมูลเรียบร้อย', en: 'Saved' },
  deleted: { th: 'ลบข้อมูลเรียบร้อย', en: 'Deleted' },
  ok: { th: 'สำเร็จ', en: 'OK' },
  fileType: { th: 'ชนิดไฟล์ไม่ถูกต้อง', en: 'File type not allowed' },
  fileMissing: { th: 'กรุณาเลือกไฟล์', en: 'Please choose a file' },
  tooManyFiles: { th: 'จำนวนไฟล์เกินกำหนด', en: 'Too many files' },
  uploaded: { th: 'อัปโหลดไฟล์เรียบร้อย', en: 'File uploaded' },
  imageUnreadable: {
    th: 'ไฟล์รูปภาพเสียหายหรืออ่านไม่ได้ กรุณาเลือกไฟล์ใหม่',
    en: 'The picture is damaged or cannot be read, please choose another file',
  },
  coinsInsufficient: { th: 'จำนวนเหรียญไม่เพียงพอ', en: 'Not enough coins' },
  quotaReached: { th: 'มีรายการครบจำนวนที่กำหนดแล้ว กรุณาลบรายการเดิมก่อน', en: 'The limit is reached: remove one first' },
} as const;

export type MessageKey = keyof typeof messages;
export type Lang = 'th' | 'en';

export function message(key: MessageKey, lang: Lang = 'th'): string {
  return messages[key][lang];
}
