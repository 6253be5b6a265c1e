import { defineTexts } from '../../i18n/texts';

interface ReviewTexts {
  heading: string;
  none: string;
  newest: string;
  helpfulFirst: string;
  sortLabel: string;
  yourReview: string;
  writeReview: string;
  ratingLabel: string;
  textLabel: string;
  save: string;
  saving: string;
  update: string;
  remove: string;
  removeConfirm: string;
  saved: string;
  hiddenByStaff: string;
  buyersOnly: string;
  signInToReview: string;
  helpful: (count: number) => string;
  markHelpful: string;
  marked: string;
  edited: string;
  loadError: string;
  pages: string;
  stars: (count: number) => string;
}

/** The course dialog's reviews: the list, its order, the buyer's own review and the helpful marks. */
export const useReviewTexts = defineTexts<ReviewTexts>('reviews', {
  th: {
    heading: 'รีวิวจากผู้เรียน',
    none: 'ยังไม่มีรีวิวสำหรับคอร์สนี้',
    newest: 'ล่าสุด',
    helpfulFirst: 'มีประโยชน์มากที่สุด',
    sortLabel: 'เรียงรีวิวตาม',
    yourReview: 'รีวิวของคุณ',
    writeReview: 'เขียนรีวิวคอร์สนี้',
    ratingLabel: 'คะแนน',
    textLabel: 'ความคิดเห็นของคุณ',
    save: 'ส่งรีวิว',
    saving: 'กำลังบันทึก…',
    update: 'บันทึกการแก้ไข',
    remove: 'ลบรีวิว',
    removeConfirm: 'ลบรีวิวของคุณใช่หรือไม่',
    saved: 'บันทึกรีวิวเรียบร้อย',
    hiddenByStaff: 'รีวิวนี้ถูกซ่อนโดยเจ้าหน้าที่ จึงไม่แสดงต่อผู้อื่น',
    buyersOnly: 'รีวิวได้หลังจากซื้อคอร์สนี้แล้ว',
    signInToReview: 'เข้าสู่ระบบเพื่อกดว่ามีประโยชน์ หรือรีวิวคอร์สที่คุณซื้อแล้ว',
    helpful: (count) => `มีประโยชน์ ${count.toLocaleString('th-TH')}`,
    markHelpful: 'มีประโยชน์',
    marked: 'คุณกดว่ามีประโยชน์แล้ว',
    edited: 'แก้ไขแล้ว',
    loadError: 'โหลดรีวิวไม่สำเร็จ',
    pages: 'หน้ารีวิว',
    stars: (count) => `${count} ดาว`,
  },
  en: {
    heading: 'Reviews from learners',
    none: 'No reviews of this course yet',
    newest: 'Newest',
    helpfulFirst: 'Most helpful',
    sortLabel: 'Order reviews by',
    yourReview: 'Your review',
    writeReview: 'Review this course',
    ratingLabel: 'Rating',
    textLabel: 'Your review',
    save: 'Post review',
    saving: 'Saving…',
    update: 'Save changes',
    remove: 'Delete review',
    removeConfirm: 'Delete your review?',
    saved: 'Review saved',
    hiddenByStaff: 'Staff hid this review: others do not see it',
    buyersOnly: 'You can review this course once you have bought it',
    signInToReview: 'Sign in to mark reviews helpful, or to review a course you bought',
    helpful: (count) => `Helpful ${count.toLocaleString('en-GB')}`,
    markHelpful: 'Helpful',
    marked: 'You marked this helpful',
    edited: 'edited',
    loadError: 'Could not load the reviews',
    pages: 'Review pages',
    stars: (count) => `${count} star${count === 1 ? '' : 's'}`,
  },
});
