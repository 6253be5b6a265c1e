import { defineTexts } from '../../i18n/texts';

// The course list pages' own words, in their lazy chunk (the first-load i18n keeps only what the home page needs).
const texts = {
  th: {
    categoryEmpty: 'ยังไม่มีคอร์สในหมวดนี้',
    categoryMissing: 'ไม่พบหมวดหมู่นี้',
    categoriesError: 'โหลดหมวดหมู่ไม่สำเร็จ',
    myCourses: 'คอร์สของฉัน',
    myCoursesIntro: 'คอร์สที่คุณซื้อแล้วและคอร์สที่รอการชำระเงิน',
    signInPrompt: 'เข้าสู่ระบบเพื่อดูคอร์สที่คุณซื้อและคอร์สที่รอการชำระเงิน',
    signIn: 'เข้าสู่ระบบ',
    myCoursesEmpty: 'คุณยังไม่มีคอร์สเรียน',
    browse: 'เลือกดูคอร์สเรียน',
    owned: 'ซื้อแล้ว',
    pending: 'รอชำระเงิน',
    remainingDays: (days: number) => `เหลือเวลาเรียนอีก ${days.toLocaleString('th-TH')} วัน`,
    learned: (percent: number) => `เรียนแล้ว ${percent}%`,
    lessonsDone: (completed: number, lessons: number) => `เรียนจบ ${completed} จาก ${lessons} บท`,
    payNow: 'ชำระเงินตอนนี้',
    waiting: 'รอการยืนยันการชำระเงิน',
    owns: (n: number) => `ซื้อแล้ว ${n} คอร์ส`,
    waits: (n: number) => `รอชำระเงิน ${n} คอร์ส`,
  },
  en: {
    categoryEmpty: 'No courses in this category yet.',
    categoryMissing: 'This category was not found.',
    categoriesError: 'Could not load the categories',
    myCourses: 'My courses',
    myCoursesIntro: 'Courses you bought and courses waiting for payment',
    signInPrompt: 'Log in to see the courses you bought and the ones waiting for payment.',
    signIn: 'Log in',
    myCoursesEmpty: 'You have no courses yet.',
    browse: 'Browse the courses',
    owned: 'Purchased',
    pending: 'Awaiting payment',
    remainingDays: (days: number) => `${days.toLocaleString('en-US')} ${days === 1 ? 'day' : 'days'} left`,
    learned: (percent: number) => `${percent}% complete`,
    lessonsDone: (completed: number, lessons: number) => `${completed} of ${lessons} lessons completed`,
    payNow: 'Pay now',
    waiting: 'Waiting for payment confirmation',
    owns: (n: number) => `${n} purchased`,
    waits: (n: number) => `${n} awaiting payment`,
  },
};

export const useStorefrontTexts = defineTexts('storefront', texts);
