import { ACCESS_YEARS } from '@sikkha/contract/rules';
import { type Bilingual, defineTexts } from '../../i18n/texts';

interface CheckoutTexts {
  orderTitle: string;
  course: string;
  price: string;
  discount: string;
  net: string;
  access: string;
  accessPeriod: string;
  notYet: string;
  contact: string;
  confirm: string;
  close: string;
  successTitle: string;
  successText: string;
  myCourses: string;
  failTitle: string;
  failText: string;
}

const texts: Bilingual<CheckoutTexts> = {
  th: {
    orderTitle: 'ชำระเงิน',
    course: 'คอร์สเรียน',
    price: 'ราคา',
    discount: 'ส่วนลด',
    net: 'ยอดชำระสุทธิ',
    access: 'ระยะเวลาเรียน',
    accessPeriod: `${ACCESS_YEARS} ปี นับจากวันที่ยืนยันการชำระเงิน`,
    notYet: 'การชำระเงินออนไลน์กำลังจะเปิดให้บริการเร็วๆ นี้ หากต้องการซื้อคอร์สตอนนี้ กรุณา',
    contact: 'ติดต่อเรา',
    confirm: 'ยืนยันการสั่งซื้อ',
    close: 'ปิด',
    successTitle: 'ชำระเงินสำเร็จ',
    successText: 'ขอบคุณที่สั่งซื้อ คอร์สเรียนของคุณพร้อมให้เรียนแล้ว',
    myCourses: 'ไปที่คอร์สของฉัน',
    failTitle: 'ชำระเงินไม่สำเร็จ',
    failText: 'ธนาคารปฏิเสธการทำรายการ กรุณาตรวจสอบข้อมูลบัตรหรือเลือกวิธีชำระเงินอื่น แล้วลองใหม่อีกครั้ง',
  },
  en: {
    orderTitle: 'Payment',
    course: 'Course',
    price: 'Price',
    discount: 'Discount',
    net: 'Net total',
    access: 'Access',
    accessPeriod: `${ACCESS_YEARS} years from the day the payment is confirmed`,
    notYet: 'Online payment opens soon. To buy the course now, please',
    contact: 'contact us',
    confirm: 'Confirm the order',
    close: 'Close',
    successTitle: 'Payment successful',
    successText: 'Thank you for your order. Your course is ready to watch.',
    myCourses: 'Go to my courses',
    failTitle: 'Payment failed',
    failText:
      'The bank rejected the transaction. Please check your card details or choose another way to pay, then try again.',
  },
};

/** The checkout's words, in its lazy chunks. */
export const useCheckoutTexts = defineTexts('checkout', texts);
