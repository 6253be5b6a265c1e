import { type Bilingual, defineTexts } from '../../i18n/texts';

interface CourseTexts {
  /** The spec's loading dialog keeps its English title in both languages. */
  standBy: string;
  close: string;
  notFoundTitle: string;
  notFound: string;
  loadError: string;
  retry: string;
  lockedLesson: string;
  /** A buyer's lesson held by a test before it (pass to continue). */
  lockedByQuiz: (test: string) => string;
  takeTest: string;
  lessons: string;
  lessonCount: (n: number) => string;
  noLessons: string;
  previous: string;
  next: string;
  unlocked: string;
  locked: string;
  preview: string;
  /** Said after a lesson's state in the list once the member has done it. */
  done: string;
  /** Said before a lesson's length in the list. */
  length: string;
  markComplete: string;
  markedHint: string;
  watchedLesson: string;
  markFailed: string;
  remainingDays: (days: number) => string;
  purchase: string;
  registerAndBuy: string;
  payByCard: string;
  payByQr: string;
  waiting: string;
  comingSoon: string;
  buy: (price: string) => string;
  owned: string;
  certificate: string;
  tabsLabel: string;
  noTabs: string;
  download: string;
  downloadOf: (title: string) => string;
  downloading: string;
  downloadFailed: string;
  buyersOnly: string;
  document: string;
  groups: string;
  noGroups: string;
  groupName: Record<'facebook' | 'line', string>;
  groupsBuyersOnly: string;
  code: (group: string) => string;
  noCode: string;
  copy: string;
  copied: string;
  copyFailed: string;
  openGroup: string;
  generate: string;
  coaches: string;
  awards: string;
  noCoaches: string;
}

const texts: Bilingual<CourseTexts> = {
  th: {
    standBy: 'กรุณารอสักครู่',
    close: 'ปิด',
    notFoundTitle: 'ไม่พบคอร์สเรียน',
    notFound: 'ไม่พบคอร์สเรียนนี้ อาจถูกปิดไปแล้วหรือลิงก์ไม่ถูกต้อง',
    loadError: 'โหลดข้อมูลคอร์สเรียนไม่สำเร็จ',
    retry: 'ลองอีกครั้ง',
    lockedLesson: 'บทเรียนนี้สำหรับผู้ซื้อคอร์สเท่านั้น',
    lockedByQuiz: (test) => `ผ่านแบบทดสอบ “${test}” เพื่อเรียนต่อ`,
    takeTest: 'ไปทำแบบทดสอบ',
    lessons: 'บทเรียน',
    lessonCount: (n) => `${n} บทเรียน`,
    noLessons: 'ยังไม่มีบทเรียนในคอร์สนี้',
    previous: 'บทเรียนก่อนหน้า',
    next: 'บทเรียนถัดไป',
    unlocked: 'ดูได้',
    locked: 'ล็อกอยู่',
    preview: 'ตัวอย่าง',
    done: 'เรียนจบแล้ว',
    length: 'ความยาว',
    markComplete: 'เรียนจบบทนี้แล้ว',
    markedHint: 'ทำเครื่องหมายว่าเรียนจบแล้ว กดอีกครั้งเพื่อยกเลิก',
    watchedLesson: 'ดูบทเรียนนี้ครบแล้ว',
    markFailed: 'บันทึกไม่สำเร็จ กรุณาลองใหม่อีกครั้ง',
    remainingDays: (days) => `เหลือเวลาเรียนอีก ${days.toLocaleString('th-TH')} วัน`,
    purchase: 'การสั่งซื้อ',
    registerAndBuy: 'สมัครสมาชิกและซื้อคอร์ส',
    payByCard: 'ชำระเงินด้วยบัตรเครดิต',
    payByQr: 'ชำระเงินด้วย QR Code',
    waiting: 'รอการยืนยันการชำระเงิน',
    comingSoon: 'เร็วๆ นี้ เปิดขาย',
    buy: (price) => `ซื้อคอร์สนี้ ${price}`,
    owned: 'คุณซื้อคอร์สนี้แล้ว',
    certificate: 'ดาวน์โหลดใบประกาศนียบัตร',
    tabsLabel: 'รายละเอียดคอร์สเรียน',
    noTabs: 'ยังไม่มีรายละเอียดเพิ่มเติม',
    download: 'ดาวน์โหลด',
    downloadOf: (title) => `ดาวน์โหลด ${title}`,
    downloading: 'กำลังดาวน์โหลด…',
    downloadFailed: 'ดาวน์โหลดไม่สำเร็จ กรุณาลองใหม่อีกครั้ง',
    buyersOnly: 'ดาวน์โหลดได้หลังซื้อคอร์ส',
    document: 'เอกสาร',
    groups: 'เข้าร่วมกลุ่มเรียน',
    noGroups: 'คอร์สนี้ยังไม่มีกลุ่มเรียน',
    groupName: { facebook: 'กลุ่ม Facebook', line: 'กลุ่ม LINE' },
    groupsBuyersOnly: 'ผู้ซื้อคอร์สจะได้รับรหัสและลิงก์เข้าร่วมกลุ่มเรียน',
    code: (group) => `รหัสเข้ากลุ่ม ${group}`,
    noCode: 'ยังไม่มีรหัส',
    copy: 'คัดลอกรหัส',
    copied: 'คัดลอกรหัสแล้ว',
    copyFailed: 'คัดลอกไม่สำเร็จ',
    openGroup: 'ไปที่กลุ่ม',
    generate: 'สร้างรหัส',
    coaches: 'ประวัติผู้สอน',
    awards: 'รางวัลและผลงาน',
    noCoaches: 'ยังไม่มีข้อมูลผู้สอน',
  },
  en: {
    standBy: 'Please stand by',
    close: 'Close',
    notFoundTitle: 'Course not found',
    notFound: 'This course was not found. It may have been closed, or the link is wrong.',
    loadError: 'Could not load the course',
    retry: 'Try again',
    lockedLesson: 'This lesson is for buyers of the course',
    lockedByQuiz: (test) => `Pass the test “${test}” to continue`,
    takeTest: 'Take the test',
    lessons: 'Lessons',
    lessonCount: (n) => `${n} ${n === 1 ? 'lesson' : 'lessons'}`,
    noLessons: 'This course has no lessons yet.',
    previous: 'Previous lesson',
    next: 'Next lesson',
    unlocked: 'Unlocked',
    locked: 'Locked',
    preview: 'Preview',
    done: 'completed',
    length: 'length',
    markComplete: 'I have finished this lesson',
    markedHint: 'Marked as completed. Press again to undo.',
    watchedLesson: 'You have watched this lesson',
    markFailed: 'Could not save. Please try again.',
    remainingDays: (days) => `${days.toLocaleString('en-US')} ${days === 1 ? 'day' : 'days'} left`,
    purchase: 'Purchase',
    registerAndBuy: 'Register & Buy',
    payByCard: 'Pay by credit card',
    payByQr: 'Pay by QR code',
    waiting: 'Waiting for payment confirmation',
    comingSoon: 'Coming soon to open for sale',
    buy: (price) => `Buy this course ${price}`,
    owned: 'You own this course',
    certificate: 'Download the certificate',
    tabsLabel: 'Course details',
    noTabs: 'No further details yet.',
    download: 'Download',
    downloadOf: (title) => `Download ${title}`,
    downloading: 'Downloading…',
    downloadFailed: 'The download failed. Please try again.',
    buyersOnly: 'Available to download after buying the course',
    document: 'Document',
    groups: 'Join the study group',
    noGroups: 'This course has no study group yet.',
    groupName: { facebook: 'Facebook group', line: 'LINE group' },
    groupsBuyersOnly: 'Buyers of the course get a code and the link to join its study groups.',
    code: (group) => `Code for the ${group}`,
    noCode: 'No code yet',
    copy: 'Copy the code',
    copied: 'Code copied',
    copyFailed: 'Could not copy',
    openGroup: 'Go to the group',
    generate: 'Generate a code',
    coaches: 'Coach biography',
    awards: 'Awards',
    noCoaches: 'No coach information yet.',
  },
};

/** The course dialog's words in the interface language, kept in its lazy chunk rather than the first-load i18n. */
export const useCourseTexts = defineTexts('course', texts);
