import { defineTexts } from '../../i18n/texts';

interface CouponTexts {
  title: string;
  intro: string;
  code: string;
  check: string;
  checking: string;
  close: string;
  remove: (code: string) => string;
  coinsOnFinish: string;
  coins: (coins: string) => string;
}

/** The coupon code dialog's words (spec 2 §2, §5); the refusals are the contract's messages, verbatim. */
export const useCouponTexts = defineTexts<CouponTexts>('coupon', {
  th: {
    title: 'ใช้คูปองส่วนลด',
    intro: 'กรอกรหัสคูปองแล้วกดตรวจสอบ ส่วนลดจะแสดงในสรุปรายการ',
    code: 'รหัสคูปอง',
    check: 'ตรวจสอบ',
    checking: 'กำลังตรวจสอบ…',
    close: 'ปิด',
    remove: (code) => `ยกเลิกคูปอง ${code}`,
    coinsOnFinish: 'เหรียญที่จะได้รับเมื่อชำระเสร็จ',
    coins: (coins) => `${coins} เหรียญ`,
  },
  en: {
    title: 'Use a coupon',
    intro: 'Type the coupon code and check it; the discount shows in the summary.',
    code: 'Coupon code',
    check: 'Check',
    checking: 'Checking…',
    close: 'Close',
    remove: (code) => `Remove coupon ${code}`,
    coinsOnFinish: 'Coins you receive once paid',
    coins: (coins) => `${coins} coins`,
  },
});
