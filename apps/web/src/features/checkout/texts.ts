import type { OrderStatus } from '@sikkha/contract';
import { type Bilingual, defineTexts } from '../../i18n/texts';

interface CheckoutTexts {
  orderTitle: string;
  paymentTypes: string;
  summary: string;
  course: string;
  price: string;
  discount: string;
  /** The card fee line; the percent once the fee factor is known. */
  fee: (percent: string | null) => string;
  feeNote: string;
  net: string;
  amount: string;
  access: string;
  accessNote: string;
  coinsNeeded: (coins: string) => string;
  coinDisabledNotAccepted: string;
  coinDisabledBalance: string;
  typeOff: string;
  typesLoading: string;
  typesError: string;
  retry: string;
  coupon: string;
  couponApplied: (code: string) => string;
  receipt: string;
  receiptPerson: string;
  receiptCompany: string;
  cardId: string;
  address: string;
  companyId: string;
  companyName: string;
  companyAddress: string;
  companyAddressSend: string;
  companyBranch: string;
  confirm: string;
  paying: string;
  close: string;
  cancel: string;
  // Transfer
  transferIntro: string;
  shopAccount: string;
  accountBank: string;
  accountName: string;
  accountNumber: string;
  accountMissing: string;
  copy: string;
  copied: string;
  yourBank: string;
  slip: string;
  chooseSlip: string;
  changeSlip: string;
  slipTypes: string;
  uploading: (percent: number) => string;
  uploadFailed: string;
  slipPreview: string;
  paymentDate: string;
  day: string;
  month: string;
  year: string;
  paymentTime: string;
  transferAmount: string;
  hour: string;
  minute: string;
  nightNote: string;
  slipFirst: string;
  /** The order dialog opened again with the choices kept when the member's sign-in ended. */
  draftRestored: string;
  transferPlaced: string;
  // QR
  qrIntro: string;
  qrAlt: string;
  qrLeft: (time: string) => string;
  qrExpired: string;
  qrDownload: string;
  qrWaiting: string;
  qrTestPay: string;
  qrSlipInstead: string;
  qrMake: string;
  // Card
  cardIntro: string;
  cardName: string;
  cardNumber: string;
  cardExpiry: string;
  cardCvc: string;
  cardNotHere: string;
  cardTestCards: string;
  cardOutcome: Record<'success' | 'decline' | '3ds', string>;
  cardLoading: string;
  cardUnavailable: string;
  cardFailed: string;
  redirectIntro: Record<'smatrpay' | 'unionpay', string>;
  redirecting: string;
  // Coins
  coinIntro: string;
  coinBalance: string;
  coinPay: string;
  coinPaid: string;
  // Book address
  messageTitle: string;
  addAddress: string;
  addressTitle: string;
  sendAddress: string;
  save: string;
  saving: string;
  // Results
  successTitle: string;
  successText: string;
  myCourses: string;
  failTitle: string;
  failText: string;
  // Payment pages and My courses
  pageTitle: Record<'credit' | 'qrcode' | 'smatrpay' | 'other', string>;
  checking: string;
  waitingStaff: string;
  pageLoading: string;
  pageMissing: string;
  pageDone: string;
  pageCancelled: string;
  pageSignIn: string;
  signIn: string;
  orderRef: string;
  productLabel: string;
  waitingSlip: string;
  pendingOrders: string;
  pendingEmpty: string;
  continuePay: string;
  attachSlip: string;
  cancelOrder: string;
  cancelConfirm: string;
  cancelled: string;
  expiresAt: (date: string) => string;
  bookSend: Record<'Y' | 'N' | 'C', string>;
  bookOrders: string;
  method: Record<'transfer' | 'qrcode' | 'credit' | 'smatrpay' | 'unionpay' | 'coin', string>;
  /** An order's state in the member's words (every state the contract has). */
  orderStatus: Record<OrderStatus, string>;
  pageRefunded: string;
  pagePaidAfterCancel: string;
  loadError: string;
  networkError: string;
}

const texts: Bilingual<CheckoutTexts> = {
  th: {
    orderTitle: 'ชำระเงิน',
    paymentTypes: 'ช่องทางการชำระเงิน',
    summary: 'สรุปคำสั่งซื้อ',
    course: 'คอร์สเรียน',
    price: 'ราคา',
    discount: 'ส่วนลด',
    fee: (percent) => (percent ? `ค่าธรรมเนียมบัตร (${percent}%)` : 'ค่าธรรมเนียมบัตร'),
    feeNote: 'ค่าธรรมเนียมของผู้ให้บริการชำระเงินด้วยบัตร แสดงแยกก่อนชำระ',
    net: 'ยอดชำระสุทธิ',
    amount: 'ยอดที่ต้องชำระ',
    access: 'ระยะเวลาเรียน',
    accessNote: 'นับจากวันที่ยืนยันการชำระเงิน',
    coinsNeeded: (coins) => `ใช้ ${coins} เหรียญ`,
    coinDisabledNotAccepted: 'คอร์สนี้ไม่รับชำระด้วยเหรียญ',
    coinDisabledBalance: 'เหรียญไม่พอ',
    typeOff: 'ปิดให้บริการ',
    typesLoading: 'กำลังโหลดช่องทางการชำระเงิน…',
    typesError: 'โหลดช่องทางการชำระเงินไม่สำเร็จ',
    retry: 'ลองอีกครั้ง',
    coupon: 'ใช้คูปองส่วนลด',
    couponApplied: (code) => `คูปอง ${code}`,
    receipt: 'ต้องการใบเสร็จรับเงิน / ใบกำกับภาษี',
    receiptPerson: 'บุคคลธรรมดา',
    receiptCompany: 'นิติบุคคล (บริษัท)',
    cardId: 'เลขบัตรประชาชน',
    address: 'ที่อยู่',
    companyId: 'เลขประจำตัวผู้เสียภาษี',
    companyName: 'ชื่อบริษัท',
    companyAddress: 'ที่อยู่บริษัท',
    companyAddressSend: 'ที่อยู่จัดส่งเอกสาร',
    companyBranch: 'เลขที่สาขา (สำนักงานใหญ่ 00000)',
    confirm: 'ยืนยันการชำระเงิน',
    paying: 'กำลังดำเนินการ…',
    close: 'ปิด',
    cancel: 'ยกเลิก',
    transferIntro: 'โอนเงินเข้าบัญชีของร้าน แล้วแนบสลิป เจ้าหน้าที่จะตรวจสอบและยืนยันการชำระเงิน',
    shopAccount: 'บัญชีของร้าน',
    accountBank: 'ธนาคาร',
    accountName: 'ชื่อบัญชี',
    accountNumber: 'เลขที่บัญชี',
    accountMissing: 'ร้านยังไม่ได้ตั้งค่าบัญชีรับโอน กรุณาเลือกช่องทางอื่น',
    copy: 'คัดลอกเลขบัญชี',
    copied: 'คัดลอกแล้ว',
    yourBank: 'ธนาคารที่โอน',
    slip: 'สลิปการโอนเงิน',
    chooseSlip: 'เลือกไฟล์สลิป',
    changeSlip: 'เปลี่ยนสลิป',
    slipTypes: 'ไฟล์ PNG, GIF หรือ JPEG ไม่เกิน 5 MB',
    uploading: (percent) => `กำลังอัปโหลด ${percent}%`,
    uploadFailed: 'อัปโหลดสลิปไม่สำเร็จ',
    slipPreview: 'ตัวอย่างสลิป',
    paymentDate: 'วันที่โอน',
    day: 'วัน',
    month: 'เดือน',
    year: 'ปี (พ.ศ.)',
    paymentTime: 'เวลาที่โอน (24 ชั่วโมง)',
    transferAmount: 'ยอดเงินที่โอน (บาท)',
    hour: 'ชั่วโมง',
    minute: 'นาที',
    nightNote: 'โอนระหว่างเวลา 00.00–08.00 น. กรุณารอการยืนยันการชำระเงินหลัง 08.00 น.',
    slipFirst: 'แนบสลิปก่อนจึงจะยืนยันได้',
    draftRestored: 'นำข้อมูลที่คุณเลือกไว้ก่อนเข้าสู่ระบบใหม่กลับมาแล้ว กรุณาตรวจสอบก่อนยืนยัน',
    transferPlaced: 'ส่งหลักฐานการโอนเรียบร้อย รอเจ้าหน้าที่ยืนยันการชำระเงิน',
    qrIntro: 'สแกน QR ด้วยแอปธนาคารเพื่อชำระเงินพร้อมเพย์ ยอดเงินถูกกำหนดไว้ใน QR แล้ว',
    qrAlt: 'QR พร้อมเพย์สำหรับชำระเงิน',
    qrLeft: (time) => `QR หมดอายุใน ${time}`,
    qrExpired: 'QR นี้หมดอายุแล้ว กรุณาสั่งซื้อใหม่',
    qrDownload: 'บันทึกรูป QR',
    qrWaiting: 'รอการชำระเงิน… หน้านี้จะเปลี่ยนเองเมื่อชำระแล้ว',
    qrTestPay: 'เปิดหน้าชำระเงินทดสอบ (sandbox)',
    qrSlipInstead: 'QR พร้อมเพย์ส่วนตัวไม่แจ้งผลอัตโนมัติ: หลังโอนแล้วกรุณาแนบสลิป',
    qrMake: 'สร้าง QR สำหรับชำระเงิน',
    cardIntro: 'บัตรเครดิต / เดบิต ชำระเต็มจำนวน ข้อมูลบัตรถูกส่งไปที่ผู้ให้บริการชำระเงินโดยตรง ไม่ผ่านเซิร์ฟเวอร์ของร้าน',
    cardName: 'ชื่อบนบัตร',
    cardNumber: 'หมายเลขบัตร',
    cardExpiry: 'วันหมดอายุ (ดด/ปป)',
    cardCvc: 'CVV / CVC',
    cardNotHere: 'ระบบชำระเงินด้วยบัตรยังไม่เปิดให้บริการ',
    cardTestCards: 'ระบบทดสอบ: ใช้บัตรทดสอบ วันหมดอายุในอนาคตและ CVV 3 หลักใดก็ได้',
    cardOutcome: { success: 'สำเร็จ', decline: 'ถูกปฏิเสธ', '3ds': '3-D Secure' },
    cardLoading: 'กำลังโหลดแบบฟอร์มบัตร…',
    cardUnavailable: 'โหลดแบบฟอร์มบัตรไม่สำเร็จ',
    cardFailed: 'ตรวจสอบข้อมูลบัตรไม่สำเร็จ',
    redirectIntro: {
      smatrpay: 'ผ่อนชำระด้วยบัตรเครดิตกสิกรไทย (Smart Pay) ที่หน้าของธนาคาร แล้วระบบจะพากลับมาที่ร้าน',
      unionpay: 'ชำระด้วย UnionPay ที่หน้าของผู้ให้บริการ แล้วระบบจะพากลับมาที่ร้าน',
    },
    redirecting: 'กำลังไปที่หน้าชำระเงิน…',
    coinIntro: 'ชำระด้วยเหรียญในบัญชีของคุณ คอร์สเปิดให้เรียนทันที',
    coinBalance: 'เหรียญของคุณ',
    coinPay: 'ชำระด้วยเหรียญ',
    coinPaid: 'ชำระด้วยเหรียญเรียบร้อย',
    messageTitle: 'ข้อความ',
    addAddress: 'เพิ่มที่อยู่จัดส่ง',
    addressTitle: 'เพิ่มที่อยู่สำหรับจัดส่งเอกสาร / หนังสือ',
    sendAddress: 'ที่อยู่จัดส่ง',
    save: 'บันทึก',
    saving: 'กำลังบันทึก…',
    successTitle: 'ชำระเงินสำเร็จ',
    successText: 'ขอบคุณที่สั่งซื้อ คอร์สเรียนของคุณพร้อมให้เรียนแล้ว',
    myCourses: 'ไปที่คอร์สของฉัน',
    failTitle: 'ชำระเงินไม่สำเร็จ',
    failText: 'รายการถูกปฏิเสธโดยธนาคาร กรุณาตรวจสอบข้อมูลบัตรหรือเลือกวิธีชำระเงินอื่น แล้วลองใหม่อีกครั้ง',
    pageTitle: {
      credit: 'ชำระเงินด้วยบัตร',
      qrcode: 'ชำระเงินด้วย QR พร้อมเพย์',
      smatrpay: 'ผ่อนชำระ Smart Pay',
      other: 'ชำระเงิน',
    },
    checking: 'กำลังตรวจสอบการชำระเงิน…',
    waitingStaff: 'คำสั่งซื้อนี้รอการยืนยันการชำระเงิน',
    pageLoading: 'กำลังโหลดรายการชำระเงิน…',
    pageMissing: 'ไม่พบรายการชำระเงินนี้ หรือรายการหมดอายุแล้ว',
    pageDone: 'รายการนี้ชำระเงินเรียบร้อยแล้ว',
    pageCancelled: 'รายการนี้ถูกยกเลิกแล้ว',
    pageSignIn: 'กรุณาเข้าสู่ระบบด้วยบัญชีที่สั่งซื้อเพื่อชำระเงินต่อ',
    signIn: 'เข้าสู่ระบบ',
    orderRef: 'เลขอ้างอิง',
    productLabel: 'รายการ',
    waitingSlip: 'แนบสลิปแล้ว รอเจ้าหน้าที่ยืนยันการชำระเงิน',
    pendingOrders: 'คำสั่งซื้อที่รอชำระเงิน',
    pendingEmpty: 'ไม่มีคำสั่งซื้อที่รอชำระเงิน',
    continuePay: 'ชำระเงินต่อ',
    attachSlip: 'แนบสลิป',
    cancelOrder: 'ยกเลิกคำสั่งซื้อ',
    cancelConfirm: 'ยืนยันการยกเลิกคำสั่งซื้อนี้?',
    cancelled: 'ยกเลิกคำสั่งซื้อเรียบร้อย',
    expiresAt: (date) => `ชำระภายใน ${date}`,
    bookSend: { N: 'รอจัดส่งเอกสาร', Y: 'จัดส่งเอกสารแล้ว', C: 'ยกเลิกการจัดส่ง' },
    bookOrders: 'การจัดส่งเอกสาร',
    method: {
      transfer: 'โอนเงิน',
      qrcode: 'QR พร้อมเพย์',
      credit: 'บัตรเครดิต / เดบิต',
      smatrpay: 'Smart Pay',
      unionpay: 'UnionPay',
      coin: 'เหรียญ',
    },
    orderStatus: {
      wait: 'รอชำระเงิน',
      finish: 'ชำระเงินแล้ว',
      cancel: 'ยกเลิกแล้ว',
      refund: 'คืนเงินแล้ว',
      paid_after_cancel: 'ได้รับเงินหลังยกเลิก',
    },
    pageRefunded: 'คำสั่งซื้อนี้คืนเงินแล้ว',
    pagePaidAfterCancel: 'ได้รับชำระเงินหลังจากคำสั่งซื้อถูกยกเลิกแล้ว เจ้าหน้าที่จะคืนเงินหรือเปิดคอร์สให้ และแจ้งให้ทราบ',
    loadError: 'โหลดข้อมูลไม่สำเร็จ',
    networkError: 'เชื่อมต่อร้านไม่สำเร็จ กรุณาตรวจสอบอินเทอร์เน็ตแล้วลองอีกครั้ง',
  },
  en: {
    orderTitle: 'Payment',
    paymentTypes: 'Payment methods',
    summary: 'Order summary',
    course: 'Course',
    price: 'Price',
    discount: 'Discount',
    fee: (percent) => (percent ? `Card fee (${percent}%)` : 'Card fee'),
    feeNote: "The card payment provider's fee, shown on its own line before you pay",
    net: 'Net total',
    amount: 'Amount to pay',
    access: 'Access',
    accessNote: 'from the day the payment is confirmed',
    coinsNeeded: (coins) => `${coins} coins`,
    coinDisabledNotAccepted: 'This course cannot be paid with coins',
    coinDisabledBalance: 'Not enough coins',
    typeOff: 'Not available',
    typesLoading: 'Loading the payment methods…',
    typesError: 'The payment methods could not be loaded',
    retry: 'Try again',
    coupon: 'Use a coupon',
    couponApplied: (code) => `Coupon ${code}`,
    receipt: 'I need a receipt / tax invoice',
    receiptPerson: 'Individual',
    receiptCompany: 'Company',
    cardId: 'National id number',
    address: 'Address',
    companyId: 'Tax id',
    companyName: 'Company name',
    companyAddress: 'Company address',
    companyAddressSend: 'Address to post the documents to',
    companyBranch: 'Branch number (head office 00000)',
    confirm: 'Confirm payment',
    paying: 'Working…',
    close: 'Close',
    cancel: 'Cancel',
    transferIntro: "Transfer to the shop's account, then attach the slip. Staff check it and confirm the payment.",
    shopAccount: "The shop's account",
    accountBank: 'Bank',
    accountName: 'Account name',
    accountNumber: 'Account number',
    accountMissing: 'The shop has not set up its bank account yet. Please choose another method.',
    copy: 'Copy the account number',
    copied: 'Copied',
    yourBank: 'Bank you paid from',
    slip: 'Transfer slip',
    chooseSlip: 'Choose the slip',
    changeSlip: 'Change the slip',
    slipTypes: 'PNG, GIF or JPEG, up to 5 MB',
    uploading: (percent) => `Uploading ${percent}%`,
    uploadFailed: 'The slip could not be uploaded',
    slipPreview: 'Slip preview',
    paymentDate: 'Date paid',
    day: 'Day',
    month: 'Month',
    year: 'Year (B.E.)',
    paymentTime: 'Time paid (24-hour)',
    transferAmount: 'Amount transferred (baht)',
    hour: 'Hour',
    minute: 'Minute',
    nightNote: 'Transfers between 00.00 and 08.00 are confirmed after 08.00.',
    slipFirst: 'Attach the slip to confirm',
    draftRestored: 'Your choices from before you signed in again are back: check them before confirming',
    transferPlaced: 'Your proof of transfer was sent. Staff will confirm the payment.',
    qrIntro: 'Scan the QR with your banking app to pay by PromptPay. The amount is already in the QR.',
    qrAlt: 'PromptPay QR to pay',
    qrLeft: (time) => `The QR expires in ${time}`,
    qrExpired: 'This QR has expired. Please order again.',
    qrDownload: 'Save the QR image',
    qrWaiting: 'Waiting for the payment… this page changes by itself once paid.',
    qrTestPay: 'Open the test payment page (sandbox)',
    qrSlipInstead: 'A personal PromptPay QR sends no notice: after paying, please attach the slip.',
    qrMake: 'Make the QR to pay',
    cardIntro:
      "Credit or debit card, full payment. Your card details go straight to the payment provider, never to the shop's server.",
    cardName: 'Name on card',
    cardNumber: 'Card number',
    cardExpiry: 'Expiry (MM/YY)',
    cardCvc: 'CVV / CVC',
    cardNotHere: 'Card payment is not available yet',
    cardTestCards: 'Test system: use a test card, any future expiry and any 3-digit CVV',
    cardOutcome: { success: 'succeeds', decline: 'declined', '3ds': '3-D Secure' },
    cardLoading: 'Loading the card form…',
    cardUnavailable: 'The card form could not be loaded',
    cardFailed: 'The card could not be checked',
    redirectIntro: {
      smatrpay: "Pay in instalments with a KBank credit card (Smart Pay) on the bank's page; you come back here after.",
      unionpay: "Pay with UnionPay on the provider's page; you come back here after.",
    },
    redirecting: 'Going to the payment page…',
    coinIntro: 'Pay with the coins in your account. The course opens at once.',
    coinBalance: 'Your coins',
    coinPay: 'Pay with coins',
    coinPaid: 'Paid with coins',
    messageTitle: 'Message',
    addAddress: 'Add a delivery address',
    addressTitle: 'Add the address to post the course documents / book to',
    sendAddress: 'Delivery address',
    save: 'Save',
    saving: 'Saving…',
    successTitle: 'Payment successful',
    successText: 'Thank you for your order. Your course is ready to watch.',
    myCourses: 'Go to my courses',
    failTitle: 'Payment failed',
    failText:
      'The transaction was rejected by the bank. Please check your card details or choose another way to pay, then try again.',
    pageTitle: {
      credit: 'Pay by card',
      qrcode: 'Pay by PromptPay QR',
      smatrpay: 'Smart Pay instalments',
      other: 'Payment',
    },
    checking: 'Checking the payment…',
    waitingStaff: 'This order is waiting for the payment to be confirmed',
    pageLoading: 'Loading the payment…',
    pageMissing: 'This payment was not found, or it has expired.',
    pageDone: 'This order is paid.',
    pageCancelled: 'This order was cancelled.',
    pageSignIn: 'Please sign in with the account that placed the order to continue paying.',
    signIn: 'Sign in',
    orderRef: 'Reference',
    productLabel: 'Item',
    waitingSlip: 'Slip attached: waiting for staff to confirm the payment',
    pendingOrders: 'Orders waiting for payment',
    pendingEmpty: 'No orders are waiting for payment',
    continuePay: 'Continue paying',
    attachSlip: 'Attach the slip',
    cancelOrder: 'Cancel the order',
    cancelConfirm: 'Cancel this order?',
    cancelled: 'Order cancelled',
    expiresAt: (date) => `Pay by ${date}`,
    bookSend: { N: 'Documents not posted yet', Y: 'Documents posted', C: 'Posting cancelled' },
    bookOrders: 'Posting the documents',
    method: {
      transfer: 'Bank transfer',
      qrcode: 'PromptPay QR',
      credit: 'Credit / debit card',
      smatrpay: 'Smart Pay',
      unionpay: 'UnionPay',
      coin: 'Coins',
    },
    orderStatus: {
      wait: 'Waiting for payment',
      finish: 'Paid',
      cancel: 'Cancelled',
      refund: 'Refunded',
      paid_after_cancel: 'Paid after cancellation',
    },
    pageRefunded: 'This order was refunded',
    pagePaidAfterCancel:
      'Your payment arrived after the order was cancelled: staff will refund it or open the course, and tell you which',
    loadError: 'Could not load',
    networkError: 'Could not reach the shop. Please check your internet connection and try again.',
  },
};

/** The checkout's words, in its lazy chunks. */
export const useCheckoutTexts = defineTexts('checkout', texts);
