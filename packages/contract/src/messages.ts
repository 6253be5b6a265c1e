import { RESEND_SECONDS } from './constants.js';

/** Messages the server and the web both show, Thai first. Spec messages are verbatim. */
export const messages = {
  required: { th: 'กรุณากรอก ข้อมูล', en: 'Please fill in this field' },
  invalidInput: { th: 'ข้อมูลไม่ถูกต้อง', en: 'Invalid input' },
  invalidJson: { th: 'รูปแบบข้อมูล JSON ไม่ถูกต้อง', en: 'Malformed JSON body' },
  webLink: {
    th: 'ลิงก์ต้องเป็นที่อยู่เว็บที่ขึ้นต้นด้วย http:// หรือ https://',
    en: 'A link must be a web address starting with http:// or https://',
  },
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
  // Said of reads and writes alike: a write cut during its commit may have been saved, so it does not say "not
  // saved"; a retry of an order with its key finds the order if it was.
  databaseUnavailable: {
    th: 'ระบบขัดข้องชั่วคราว กรุณาลองใหม่อีกครั้งในอีกสักครู่',
    en: 'The shop is briefly unavailable; please try again in a moment',
  },
  storageUnavailable: {
    th: 'ระบบจัดเก็บไฟล์ขัดข้องชั่วคราว กรุณาลองใหม่อีกครั้งในอีกสักครู่',
    en: 'File storage is briefly unavailable; please try again in a moment',
  },
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
  videoNotReady: { th: 'วิดีโอนี้ยังไม่พร้อมให้รับชม', en: 'This video is not ready to watch yet' },
  coinsInsufficient: { th: 'จำนวนเหรียญไม่เพียงพอ', en: 'Not enough coins' },
  previewNotRecorded: {
    th: 'ไม่บันทึกสถิติการดูของวิดีโอตัวอย่าง',
    en: 'Viewing statistics are not kept for preview lessons',
  },
  groupCodeBuyersOnly: {
    th: 'รหัสเข้ากลุ่มสำหรับผู้ซื้อคอร์สนี้เท่านั้น',
    en: 'Group codes are for buyers of this course only',
  },
  quotaReached: { th: 'มีรายการครบจำนวนที่กำหนดแล้ว กรุณาลบรายการเดิมก่อน', en: 'The limit is reached: remove one first' },
  // Coupons (orders §5, verbatim), in the order the rules are checked.
  couponUnknown: { th: 'ไม่มีรหัสคูปองนี้', en: 'This coupon code does not exist or has expired' },
  couponWrongProduct: { th: 'รหัสคูปองนี้ ไม่ได้ใช้กับสินค้านี้', en: 'This coupon code is not for this course' },
  couponMemberOrEmail: {
    th: 'รหัสคูปองนี้ ใช้ได้กับ สมาชิกเดิม หรือ Email ที่กำหนดใว้',
    en: 'This coupon code is for existing members or the listed e-mails only',
  },
  couponMemberOnly: {
    th: 'รหัสคูปองนี้ ใช้ได้กับ สมาชิกเดิม เท่านั้น',
    en: 'This coupon code is for existing members only',
  },
  couponEmailOnly: { th: 'รหัสคูปองนี้ ใช้ได้กับ Email ที่กำหนดใว้', en: 'This coupon code is for the listed e-mails only' },
  // Not given by the spec: the listed address is the member's but not yet confirmed with the mailed code.
  couponEmailUnconfirmed: {
    th: 'รหัสคูปองนี้ใช้ได้เมื่อยืนยันอีเมลแล้ว กรุณายืนยันอีเมลด้วยรหัสที่ส่งไปก่อนใช้คูปอง',
    en: 'Confirm your e-mail address with the code we sent before using this coupon',
  },
  couponUsedUp: { th: 'รหัสคูปองนี้ ถูกใช้ครบเเล้ว', en: 'This coupon code has been used up' },
  // Not given by the spec: a coupon limited to some payment methods, and none with coins (orders §6).
  couponPayment: {
    th: 'รหัสคูปองนี้ ใช้ไม่ได้กับวิธีชำระเงินที่เลือก',
    en: 'This coupon code cannot be used with the chosen payment method',
  },
  couponDuplicate: { th: 'มีรหัสคูปองนี้เเล้ว', en: 'This coupon code already exists' },
  // Coin coupons: the spec shows these under the code field without their text.
  coinCouponUnknown: { th: 'ไม่มีรหัสคูปองเหรียญนี้', en: 'This coin coupon code does not exist' },
  coinCouponClosed: { th: 'คูปองเหรียญนี้ปิดรับแล้ว', en: 'This coin coupon is closed' },
  coinCouponExpired: { th: 'คูปองเหรียญนี้หมดอายุแล้ว', en: 'This coin coupon has expired' },
  coinCouponNotStarted: { th: 'คูปองเหรียญนี้ยังไม่เปิดให้รับ', en: 'This coin coupon cannot be claimed yet' },
  coinCouponUsed: { th: 'คุณรับคูปองเหรียญนี้แล้ว', en: 'You have already claimed this coin coupon' },
  coinCouponClaimed: { th: 'รับเหรียญเรียบร้อย', en: 'Coins received' },
  // Orders and payments (spec 2 §5, §8); the spec's Thai verbatim where it gives it.
  bookAddress: { th: '! คอร์สมีเอกสารที่ต้องจัดส่ง', en: '! This course has documents to post: add a delivery address' },
  cardIdRequired: { th: 'กรุณากรอก เลขบัตรประชาชน', en: 'Please fill in your national id number' },
  addressRequired: { th: 'กรุณากรอก ที่อยู่', en: 'Please fill in your address' },
  companyIdRequired: { th: 'กรุณากรอก เลขประจำตัวผู้เสียภาษี', en: 'Please fill in the tax id' },
  companyNameRequired: { th: 'กรุณากรอก ชื่อบริษัท', en: 'Please fill in the company name' },
  companyAddressRequired: { th: 'กรุณากรอก ที่อยู่บริษัท', en: 'Please fill in the company address' },
  companyAddressSendRequired: {
    th: 'กรุณากรอก ที่อยู่จัดส่งเอกสาร',
    en: 'Please fill in the address to post the documents to',
  },
  // Not given by the spec.
  cardIdInvalid: { th: 'เลขบัตรประชาชนไม่ถูกต้อง', en: 'This national id number is not valid' },
  companyIdInvalid: { th: 'เลขประจำตัวผู้เสียภาษีไม่ถูกต้อง', en: 'This tax id is not valid' },
  companyBranchInvalid: {
    th: 'กรุณากรอก เลขที่สาขา 5 หลัก (สำนักงานใหญ่ 00000)',
    en: 'Please fill in the 5-digit branch number (head office 00000)',
  },
  courseOwned: { th: 'คุณเป็นเจ้าของคอร์สนี้อยู่แล้ว', en: 'You already own this course' },
  orderWaiting: {
    th: 'มีคำสั่งซื้อคอร์สนี้ที่รอการชำระเงินอยู่แล้ว',
    en: 'An order for this course is already waiting for payment',
  },
  orderNotWaiting: { th: 'คำสั่งซื้อนี้ไม่อยู่ในสถานะรอชำระเงิน', en: 'This order is no longer waiting for payment' },
  orderNotFinished: { th: 'คำสั่งซื้อนี้ยังไม่ได้ชำระเงิน', en: 'This order has not been paid yet' },
  notForSale: { th: 'คอร์สนี้ยังไม่เปิดขาย', en: 'This course is not on sale yet' },
  paymentTypeOff: { th: 'ช่องทางการชำระเงินนี้ปิดให้บริการ', en: 'This payment method is not available' },
  coinPayOff: { th: 'คอร์สนี้ไม่รับชำระด้วยเหรียญ', en: 'This course cannot be paid with coins' },
  slipReused: { th: 'สลิปนี้ถูกใช้กับคำสั่งซื้ออื่นแล้ว', en: 'This slip was already used for another order' },
  slipOverrideRequired: {
    th: 'สลิปนี้เคยใช้กับคำสั่งซื้ออื่นแล้ว กรุณายืนยันการอนุมัติพร้อมระบุเหตุผล',
    en: 'This slip was already used for another order: approve it only with an explicit override and a reason',
  },
  idempotencyReused: {
    th: 'รหัสป้องกันการสั่งซื้อซ้ำนี้ถูกใช้กับคำสั่งซื้ออื่นแล้ว กรุณาลองใหม่อีกครั้ง',
    en: 'This idempotency key was already used for a different order',
  },
  refundTooMuch: { th: 'จำนวนเงินที่คืนเกินยอดที่ชำระ', en: 'The refund is more than what is left of the payment' },
  refundNotAllowed: { th: 'คำสั่งซื้อนี้ไม่สามารถคืนเงินได้', en: 'This order cannot be refunded' },
  refundManualRequired: {
    th: 'กรุณากรอกข้อมูลการโอนคืน (ธนาคาร เลขบัญชี วันที่ และสลิป)',
    en: 'Give the bank, account, date and slip of the refund transfer',
  },
  refundRejected: { th: 'ผู้ให้บริการชำระเงินปฏิเสธการคืนเงิน', en: 'The payment gateway refused the refund' },
  refunded: { th: 'คืนเงินเรียบร้อย', en: 'Refunded' },
  documentVoided: {
    th: 'ยกเลิกเอกสารและออกเอกสารฉบับใหม่เรียบร้อย',
    en: 'The document was voided and a replacement issued',
  },
  documentVoidStale: {
    th: 'เอกสารเลขที่นี้ไม่ใช่เอกสารปัจจุบันของคำสั่งซื้อ (อาจถูกยกเลิกไปแล้ว) กรุณาโหลดหน้าใหม่',
    en: 'That number is not the order’s current document (it may have been voided already); reload the page',
  },
  documentVoidRefunded: {
    th: 'คำสั่งซื้อนี้มีการคืนเงินที่อ้างถึงเอกสารนี้แล้ว จึงยกเลิกเอกสารไม่ได้',
    en: 'A refund of this order refers to this document, so it cannot be voided',
  },
  refundPending: {
    th: 'ส่งคำขอคืนเงินแล้ว ระบบจะยืนยันกับผู้ให้บริการชำระเงินอีกครั้งโดยอัตโนมัติ',
    en: 'The refund was asked for; the shop will confirm it with the payment gateway automatically',
  },
  gatewayUnreachable: {
    th: 'ไม่สามารถติดต่อผู้ให้บริการชำระเงินได้ กรุณาลองใหม่อีกครั้ง',
    en: 'The payment gateway cannot be reached; please try again',
  },
  orderNotPaidAfterCancel: {
    th: 'คำสั่งซื้อนี้ไม่มีการชำระเงินหลังยกเลิกที่รอดำเนินการ',
    en: 'This order has no payment after cancellation to resolve',
  },
  // The card form (not given by the spec): under each field, before the card goes to the gateway.
  cardNameRequired: { th: 'กรุณากรอก ชื่อบนบัตร', en: 'Please fill in the name on the card' },
  cardNumberRequired: { th: 'กรุณากรอก หมายเลขบัตร', en: 'Please fill in the card number' },
  cardNumberInvalid: { th: 'กรุณากรอกหมายเลขบัตรให้ถูกต้อง', en: 'Please enter a valid card number' },
  cardExpiryRequired: { th: 'กรุณากรอก วันหมดอายุบัตร', en: 'Please fill in the expiry date' },
  cardExpiryInvalid: { th: 'กรุณากรอกวันหมดอายุเป็น เดือน/ปี เช่น 12/29', en: 'Please enter the expiry as MM/YY, e.g. 12/29' },
  cardExpired: { th: 'บัตรนี้หมดอายุแล้ว', en: 'This card has expired' },
  cardCvcRequired: { th: 'กรุณากรอก รหัส CVV', en: 'Please fill in the security code' },
  cardCvcInvalid: {
    th: 'รหัส CVV เป็นตัวเลข 3 หรือ 4 หลักด้านหลังบัตร',
    en: 'The security code is the 3 or 4 digits on the card',
  },
  paymentRejected: { th: 'รายการถูกปฏิเสธโดยธนาคาร', en: 'The transaction was rejected by the bank' },
  orderPlaced: { th: 'สั่งซื้อเรียบร้อย', en: 'Order placed' },
  orderPaid: { th: 'ชำระเงินเรียบร้อย', en: 'Payment complete' },
  orderCancelled: { th: 'ยกเลิกคำสั่งซื้อเรียบร้อย', en: 'Order cancelled' },
  // The public verification of an issued document (not given by the spec). One answer for a wrong number and a
  // wrong amount, so the page never tells which numbers exist.
  documentNoInvalid: {
    th: 'กรุณากรอกเลขที่เอกสารตามที่พิมพ์บนเอกสาร เช่น INV2026-000001',
    en: 'Enter the document number as it is printed, e.g. INV2026-000001',
  },
  documentAmountInvalid: {
    th: 'กรุณากรอกยอดเงินรวมเป็นตัวเลข ทศนิยมไม่เกิน 2 ตำแหน่ง เช่น 1,070.00',
    en: 'Enter the total as a number with at most 2 decimals, e.g. 1,070.00',
  },
  documentNotVerified: {
    th: 'ไม่พบเอกสารที่มีเลขที่และยอดเงินรวมตรงกับที่กรอก กรุณาตรวจสอบทั้งสองช่องอีกครั้ง',
    en: 'No document has this number and this total; please check both',
  },
  // Tests (quizzes, the seed's `test` menu; not given by the spec: FEATURES).
  quizBuyersOnly: { th: 'แบบทดสอบนี้สำหรับผู้ซื้อคอร์สนี้เท่านั้น', en: 'This test is for buyers of this course only' },
  quizAttemptsUsed: {
    th: 'คุณทำแบบทดสอบนี้ครบจำนวนครั้งที่กำหนดแล้ว',
    en: 'You have used every attempt this test allows',
  },
  quizTimeUp: {
    th: 'หมดเวลาทำแบบทดสอบแล้ว คำตอบนี้ไม่ถูกนับ',
    en: 'The time for this test is up; this answer does not count',
  },
  quizSubmitted: { th: 'ส่งแบบทดสอบนี้แล้ว แก้ไขคำตอบไม่ได้', en: 'This test has been submitted; answers cannot change' },
  quizAnswerInvalid: { th: 'คำตอบไม่ตรงกับชนิดของคำถาม', en: 'The answer does not fit the question' },
  quizQuestionUnknown: { th: 'ไม่พบคำถามนี้ในแบบทดสอบ', en: 'This question is not in the test' },
  quizCorrectMissing: {
    th: 'กรุณาเลือกคำตอบที่ถูกต้องจากตัวเลือกของคำถาม',
    en: 'Choose the correct answer among the question’s choices',
  },
  quizKeysRepeated: { th: 'รหัสคำถามหรือตัวเลือกซ้ำกัน', en: 'Two questions or choices have the same key' },
  quizLessonNotInCourse: { th: 'บทเรียนนี้ไม่อยู่ในคอร์สที่เลือก', en: 'This lesson is not in the chosen course' },
  quizPassToContinueLesson: {
    th: 'ล็อกบทเรียนถัดไปได้เฉพาะแบบทดสอบหลังบทเรียน ไม่ใช่แบบทดสอบท้ายคอร์ส',
    en: 'Only a test after a lesson can lock the lessons that follow, not the final test',
  },
  quizAfterHeldLesson: {
    th: 'แบบทดสอบนี้ยังล็อกอยู่ ผ่านแบบทดสอบก่อนหน้าเพื่อทำต่อ',
    en: 'This test is locked: pass the test before it to continue',
  },
  lessonAfterQuiz: {
    th: 'บทเรียนนี้ยังล็อกอยู่ ผ่านแบบทดสอบก่อนหน้าเพื่อเรียนต่อ',
    en: 'This lesson is locked: pass the test before it to continue',
  },
  // Course reviews (not given by the spec: FEATURES).
  reviewBuyersOnly: {
    th: 'รีวิวได้เฉพาะสมาชิกที่ซื้อคอร์สนี้แล้วเท่านั้น',
    en: 'Only members who bought this course may review it',
  },
  reviewRatingInvalid: { th: 'กรุณาให้คะแนน 1 ถึง 5 ดาว', en: 'Please rate from 1 to 5 stars' },
  reviewTextRequired: { th: 'กรุณาเขียนรีวิว', en: 'Please write your review' },
  reviewTextTooLong: { th: 'รีวิวยาวได้ไม่เกิน 2,000 ตัวอักษร', en: 'A review may be at most 2,000 characters' },
  reviewOwnHelpful: {
    th: 'ไม่สามารถกดว่ามีประโยชน์ให้รีวิวของตัวเองได้',
    en: 'You cannot mark your own review as helpful',
  },
  reviewSaved: { th: 'บันทึกรีวิวเรียบร้อย', en: 'Review saved' },
  // Lesson questions and answers (not given by the spec: FEATURES).
  lessonCommentRequired: { th: 'กรุณาพิมพ์ข้อความ', en: 'Please write something' },
  lessonCommentTooLong: {
    th: 'ข้อความยาวได้ไม่เกิน 1,000 ตัวอักษร',
    en: 'A question or answer may be at most 1,000 characters',
  },
  lessonCommentAnswersOnly: {
    th: 'ทีมงานตอบคำถามได้ แต่ตั้งคำถามเองไม่ได้',
    en: 'Staff answer questions; they do not ask them',
  },
  lessonCommentNotQuestion: {
    th: 'ตอบได้เฉพาะคำถามของบทเรียนนี้',
    en: 'Answers go under a question of this lesson',
  },
  lessonCommentCoachUnknown: {
    th: 'โค้ชคนนี้ไม่ได้สอนคอร์สนี้',
    en: 'This coach does not teach this course',
  },
  lessonCommentSaved: { th: 'ส่งข้อความเรียบร้อย', en: 'Sent' },
} as const;

export type MessageKey = keyof typeof messages;
export type Lang = 'th' | 'en';

export function message(key: MessageKey, lang: Lang = 'th'): string {
  return messages[key][lang];
}

/** The account messages of the spec, verbatim where the spec gives them (Thai, or the spec's English), with English. */
export const accountMessageTexts = {
  required: { th: 'กรุณากรอก ข้อมูล', en: 'Please fill in this field' },
  emailFormat: { th: 'รูปแบบ E-mail ไม่ถูกต้อง', en: 'Invalid e-mail format' },
  emailTaken: { th: 'มี Email ในระบบเเล้ว', en: 'This e-mail is already registered' },
  usernameTaken: { th: 'มี Username ในระบบแล้ว', en: 'This username is already taken' },
  usernameFormat: {
    th: 'Username ใช้ตัวอักษรอังกฤษ ตัวเลข . _ - ได้ 3-30 ตัว',
    en: 'A username is 3 to 30 letters, digits, dots, underscores or hyphens',
  },
  emailUnknown: { th: 'ไม่มี Email นี้ในระบบ', en: 'This e-mail is not in the system' },
  phoneDigits: { th: 'Input Invalid', en: 'Input Invalid' },
  phoneLength: { th: 'Please enter 10 characters', en: 'Please enter 10 characters' },
  terms: {
    th: 'กรุณาติ๊กเพื่อยืนยันว่าได้อ่านและยอมรับข้อตกลงและเงื่อนไข',
    en: 'Please tick to confirm that you have read and accept the terms and conditions',
  },
  passwordMismatch: { th: 'ยืนยันรหัสผ่าน ไม่ตรงกัน', en: 'The password confirmation does not match' },
  passwordShort: { th: 'รหัสผ่านต้องมีอย่างน้อย 8 ตัวอักษร', en: 'The password must be at least 8 characters' },
  passwordWrong: { th: 'รหัสผ่านเดิมไม่ถูกต้อง', en: 'The current password is wrong' },
  codeWrong: { th: 'รหัสไม่ถูกต้อง', en: 'Wrong code' },
  codeExpired: { th: 'รหัสหมดอายุ กรุณาขอรหัสใหม่', en: 'The code has expired; please ask for a new one' },
  codeSent: { th: 'ส่งรหัสยืนยันไปที่อีเมลของคุณแล้ว', en: 'A confirmation code has been sent to your e-mail' },
  resetSent: {
    th: 'ส่งลิงก์เปลี่ยนรหัสผ่านไปที่อีเมลของคุณแล้ว',
    en: 'A link to change your password has been sent to your e-mail',
  },
  passwordChanged: { th: 'เปลี่ยนรหัสผ่านเรียบร้อย', en: 'Your password has been changed' },
  loginFailed: { th: 'อีเมลหรือรหัสผ่านไม่ถูกต้อง', en: 'Wrong e-mail or password' },
  loginThrottled: {
    th: 'เข้าสู่ระบบผิดหลายครั้ง กรุณารอสักครู่แล้วลองใหม่',
    en: 'Too many failed logins; please wait a moment and try again',
  },
  tokenExpired: { th: 'The token has expired.', en: 'The token has expired.' },
  tokenExpiredHint: { th: 'Please log out and log in.', en: 'Please log out and log in.' },
  socialFailed: { th: 'เข้าสู่ระบบด้วยบัญชีโซเชียลไม่สำเร็จ', en: 'Signing in with your social account failed' },
  emailLocked: {
    th: 'อีเมลต้องเป็นอีเมลเดียวกับบัญชีที่ใช้เข้าสู่ระบบ',
    en: 'The e-mail must be the one of the account you signed in with',
  },
  facebookNoEmail: { th: 'No email from Facebook Api.', en: 'No email from Facebook Api.' },
  gatewayLogin: { th: 'กรุณาเข้าสู่ระบบอีกครั้งเพื่อดำเนินการชำระเงิน', en: 'Please log in again to continue with your payment' },
  // Not given by the spec.
  resendWait: {
    th: `กรุณารอ ${RESEND_SECONDS} วินาทีก่อนขอรหัสใหม่`,
    en: 'Please wait a minute before asking for a new code',
  },
  resetWait: {
    th: `ส่งลิงก์ไปแล้ว กรุณารอ ${RESEND_SECONDS} วินาทีก่อนขอใหม่`,
    en: 'A link was just sent; please wait a minute before asking again',
  },
  codeLocked: { th: 'ใส่รหัสผิดเกินจำนวนครั้งที่กำหนด กรุณาขอรหัสใหม่', en: 'Too many wrong codes; please ask for a new one' },
  noEmail: { th: 'บัญชีนี้ยังไม่มีอีเมล', en: 'This account has no e-mail yet' },
  googleUnavailable: {
    th: 'ไม่สามารถติดต่อ Google ได้ในขณะนี้ กรุณาลองใหม่อีกครั้ง',
    en: 'Google cannot be reached right now; please try again',
  },
  facebookUnavailable: {
    th: 'ไม่สามารถติดต่อ Facebook ได้ในขณะนี้ กรุณาลองใหม่อีกครั้ง',
    en: 'Facebook cannot be reached right now; please try again',
  },
  googleOff: { th: 'ระบบยังไม่เปิดให้เข้าสู่ระบบด้วย Google', en: 'Sign-in with Google is not enabled' },
  facebookOff: { th: 'ระบบยังไม่เปิดให้เข้าสู่ระบบด้วย Facebook', en: 'Sign-in with Facebook is not enabled' },
} as const;

/** The account messages in Thai, as the schemas and the server say them. */
export const accountMessages = Object.fromEntries(
  Object.entries(accountMessageTexts).map(([key, text]) => [key, text.th]),
) as { [K in keyof typeof accountMessageTexts]: (typeof accountMessageTexts)[K]['th'] };

const englishOf = new Map<string, string>(
  [...Object.values(messages), ...Object.values(accountMessageTexts)].map((text) => [text.th, text.en]),
);

/** A message of either catalogue (from the server or a schema, so in Thai) in `lang`; any other text stays as it is. */
export function inLanguage(text: string, lang: Lang): string {
  return lang === 'en' ? (englishOf.get(text) ?? text) : text;
}
