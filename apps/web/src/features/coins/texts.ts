import type { CoinEntryType, CouponPointStatus } from '@sikkha/contract';
import { defineTexts, type Lang } from '../../i18n/texts';

interface CoinTexts {
  dialogTitle: string;
  dialogIntro: string;
  code: string;
  /** The coin coupon's button by its state (spec 2 §2): op claims, cl closed, us used. */
  state: Record<CouponPointStatus, string>;
  claiming: string;
  claimed: (coins: string, balance: string) => string;
  amount: (coins: string) => string;
  expires: (date: string) => string;
  noExpiry: string;
  noCoupons: string;
  loadError: string;
  retry: string;
  close: string;
  pageIntro: string;
  balance: string;
  rate: (baht: string) => string;
  openCoupons: string;
  history: string;
  date: string;
  type: string;
  note: string;
  change: string;
  balanceAfter: string;
  noHistory: string;
  entryType: Record<CoinEntryType, string>;
  previous: string;
  next: string;
  pageOf: (page: number, pages: number) => string;
  signInPrompt: string;
  signIn: string;
}

/** The coin coupon dialog and the coin page (spec 2 §2, §3 logPoint). */
export const useCoinTexts = defineTexts<CoinTexts>('coins', {
  th: {
    dialogTitle: 'คูปองเหรียญ',
    dialogIntro: 'รับเหรียญไว้ใช้ชำระค่าคอร์ส กรอกรหัสคูปองเหรียญ หรือกดรับจากรายการด้านล่าง',
    code: 'รหัสคูปองเหรียญ',
    state: { op: 'รับเลย', cl: 'ปิดรับ', us: 'ใช้เเล้ว' },
    claiming: 'กำลังรับ…',
    claimed: (coins, balance) => `รับ ${coins} เหรียญแล้ว ยอดเหรียญของคุณ ${balance} เหรียญ`,
    amount: (coins) => `${coins} เหรียญ`,
    expires: (date) => `หมดอายุ ${date}`,
    noExpiry: 'ไม่มีวันหมดอายุ',
    noCoupons: 'ยังไม่มีคูปองเหรียญให้รับในตอนนี้',
    loadError: 'โหลดข้อมูลไม่สำเร็จ',
    retry: 'ลองอีกครั้ง',
    close: 'ปิด',
    pageIntro: 'ยอดเหรียญและทุกรายการที่เหรียญของคุณเปลี่ยน ใช้เหรียญชำระคอร์สที่รับชำระด้วยเหรียญได้',
    balance: 'ยอดเหรียญคงเหลือ',
    rate: (baht) => `1 เหรียญ ใช้แทน ${baht} บาท`,
    openCoupons: 'รับคูปองเหรียญ',
    history: 'ประวัติเหรียญ',
    date: 'วันที่',
    type: 'ประเภท',
    note: 'รายละเอียด',
    change: 'จำนวน',
    balanceAfter: 'คงเหลือ',
    noHistory: 'ยังไม่มีรายการเหรียญ',
    entryType: {
      claim: 'รับจากคูปองเหรียญ',
      coupon: 'เหรียญจากคูปองส่วนลด',
      pay: 'ชำระค่าคอร์ส',
      refund: 'คืนเหรียญ',
      staff: 'ปรับโดยเจ้าหน้าที่',
    },
    previous: 'ก่อนหน้า',
    next: 'ถัดไป',
    pageOf: (page, pages) => `หน้า ${page} จาก ${pages}`,
    signInPrompt: 'เข้าสู่ระบบเพื่อดูเหรียญและรับคูปองเหรียญ',
    signIn: 'เข้าสู่ระบบ',
  },
  en: {
    dialogTitle: 'Coin coupons',
    dialogIntro: 'Collect coins to pay for courses: type a coin coupon code, or claim one from the list below.',
    code: 'Coin coupon code',
    state: { op: 'Claim now', cl: 'Closed', us: 'Used' },
    claiming: 'Claiming…',
    claimed: (coins, balance) => `You received ${coins} coins; your balance is ${balance} coins`,
    amount: (coins) => `${coins} coins`,
    expires: (date) => `Expires ${date}`,
    noExpiry: 'No expiry',
    noCoupons: 'No coin coupons to claim right now',
    loadError: 'Could not load',
    retry: 'Try again',
    close: 'Close',
    pageIntro: 'Your balance and every change to it. Coins pay for courses that accept them.',
    balance: 'Coin balance',
    rate: (baht) => `1 coin pays ${baht} baht`,
    openCoupons: 'Claim coin coupons',
    history: 'Coin history',
    date: 'Date',
    type: 'Type',
    note: 'Details',
    change: 'Amount',
    balanceAfter: 'Balance',
    noHistory: 'No coin entries yet',
    entryType: {
      claim: 'Coin coupon',
      coupon: 'Coins from a coupon',
      pay: 'Course payment',
      refund: 'Coins returned',
      staff: 'Adjusted by staff',
    },
    previous: 'Previous',
    next: 'Next',
    pageOf: (page, pages) => `Page ${page} of ${pages}`,
    signInPrompt: 'Log in to see your coins and claim coin coupons',
    signIn: 'Log in',
  },
});

const dateTime: Record<Lang, Intl.DateTimeFormat> = {
  th: new Intl.DateTimeFormat('th-TH', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Bangkok' }),
  en: new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Bangkok' }),
};

/** An instant as the shop's people read it: Bangkok time, Buddhist-era years in Thai. */
export const formatDateTime = (iso: string, lang: Lang) => dateTime[lang].format(new Date(iso));

const numbers: Record<Lang, Intl.NumberFormat> = {
  th: new Intl.NumberFormat('th-TH'),
  en: new Intl.NumberFormat('en-GB'),
};
export const formatCoins = (coins: number, lang: Lang) => numbers[lang].format(coins);
