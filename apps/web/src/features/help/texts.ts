import { type Bilingual, defineTexts } from '../../i18n/texts';

interface Step {
  text: string;
  /** Sub-points of a step (the payment methods). */
  points?: string[];
}

interface HelpTexts {
  title: string;
  tabsLabel: string;
  close: string;
  payment: { tab: string; intro: string; steps: Step[]; note: string };
  password: { tab: string; intro: string; steps: Step[]; note: string };
  group: {
    tab: string;
    intro: string;
    steps: Step[];
    images: { src: string; alt: string }[];
    note: string;
  };
  faq: { tab: string; intro: string; empty: string; loadError: string };
}

// The group pictures are 800 × 450 (public/help/), copied from the demo content.
export const HELP_IMAGE_SIZE = { width: 800, height: 450 } as const;

const helpTexts: Bilingual<HelpTexts> = {
  th: {
    title: 'ช่วยเหลือ',
    tabsLabel: 'หัวข้อช่วยเหลือ',
    close: 'ปิด',
    payment: {
      tab: 'ขั้นตอนการชำระเงิน',
      intro: 'ซื้อคอร์สเรียนได้ในไม่กี่ขั้นตอน เมื่อชำระเงินสำเร็จจะเรียนได้นาน 2 ปี',
      steps: [
        { text: 'เลือกคอร์สที่ต้องการจากหน้าแรกหรือหน้าคอร์สเรียน แล้วคลิกเพื่อเปิดรายละเอียดคอร์ส' },
        {
          text: 'กดปุ่มราคาคอร์ส (เช่น ฿1,990.00) หากยังไม่ได้เข้าสู่ระบบ ระบบจะให้เข้าสู่ระบบหรือสมัครสมาชิกก่อน',
        },
        {
          text: 'เลือกวิธีชำระเงิน และใส่โค้ดคูปองส่วนลด (ถ้ามี)',
          points: [
            'บัตรเครดิต / เดบิต: Visa, Mastercard, JCB ชำระเต็มจำนวนผ่านหน้าชำระเงินที่ปลอดภัย',
            'QR พร้อมเพย์: สแกนคิวอาร์โค้ดด้วยแอปธนาคารของท่าน',
            'โอนเงินผ่านธนาคาร: โอนเข้าบัญชีของบริษัท แนบสลิป แล้วระบุวันและเวลาที่โอน',
            'เหรียญ (Coin): ใช้เหรียญในบัญชีของท่าน สำหรับคอร์สที่รองรับ',
          ],
        },
        {
          text: 'หากต้องการใบเสร็จรับเงิน ให้เลือก "ต้องการใบเสร็จ" แล้วกรอกข้อมูลในนามบุคคล (เลขบัตรประชาชนและที่อยู่) หรือนิติบุคคล (เลขประจำตัวผู้เสียภาษี ชื่อบริษัท ที่อยู่บริษัท และที่อยู่จัดส่งเอกสาร)',
        },
        { text: 'ตรวจสอบสรุปยอดชำระ แล้วกด ยืนยัน' },
        { text: 'เมื่อชำระเงินสำเร็จ คอร์สจะอยู่ในเมนู คอร์สของฉัน และเริ่มเรียนได้ทันที' },
      ],
      note: 'การโอนเงินระหว่างเวลา 00.00–08.00 น. กรุณารอการยืนยันการชำระเงินจากเจ้าหน้าที่ ส่วนช่วงเวลาอื่นเจ้าหน้าที่จะตรวจสอบสลิปภายใน 1 วันทำการ',
    },
    password: {
      tab: 'ขั้นตอนการเปลี่ยนรหัสผ่าน',
      intro: 'หากลืมรหัสผ่าน ตั้งรหัสผ่านใหม่ได้ด้วยอีเมลที่ใช้สมัครสมาชิก',
      steps: [
        { text: 'กดปุ่ม เข้าสู่ระบบ ที่แถบด้านบน' },
        { text: 'กด ลืมรหัสผ่าน?' },
        { text: 'กรอกอีเมลที่ใช้สมัครสมาชิก แล้วกด ส่งลิงก์เปลี่ยนรหัสผ่าน' },
        { text: 'เปิดอีเมลจากสิกขา แล้วกดลิงก์ในอีเมล' },
        { text: 'ตั้งรหัสผ่านใหม่อย่างน้อย 8 ตัวอักษร กรอกยืนยันรหัสผ่านให้ตรงกัน แล้วกด บันทึกรหัสผ่าน' },
        { text: 'เข้าสู่ระบบด้วยรหัสผ่านใหม่' },
      ],
      note: 'หากไม่ได้รับอีเมลภายในไม่กี่นาที โปรดตรวจสอบกล่องจดหมายขยะ (Junk/Spam) หรือตรวจว่าอีเมลที่กรอกตรงกับที่ใช้สมัครสมาชิก',
    },
    group: {
      tab: 'การเข้าร่วมกลุ่ม',
      intro: 'ผู้ที่ซื้อคอร์สแล้วเข้าร่วมกลุ่มเรียนของคอร์สทาง LINE หรือ Facebook เพื่อถามตอบกับผู้สอนและเพื่อนร่วมเรียนได้',
      steps: [
        { text: 'เข้าสู่ระบบ แล้วเปิดเมนู คอร์สของฉัน และเลือกคอร์สที่ซื้อแล้ว' },
        {
          text: 'ในส่วนกลุ่มเรียน เลือกกลุ่ม LINE หรือ Facebook กดปุ่มสร้างรหัสเพื่อรับรหัสเข้ากลุ่มของท่าน แล้วกดปุ่มคัดลอก',
        },
        { text: 'สแกนคิวอาร์โค้ดหรือกดลิงก์กลุ่ม แล้วกดขอเข้าร่วมกลุ่ม' },
        { text: 'วางรหัสเข้ากลุ่มเมื่อกลุ่มถามคำถาม ผู้ดูแลจะตรวจรหัสและอนุมัติให้เข้ากลุ่ม' },
      ],
      images: [
        {
          src: '/help/help-group-1.jpg',
          alt: 'ขั้นตอนที่ 1: เข้าสู่ระบบ แล้วเปิดหน้า คอร์สของฉัน กดปุ่ม เข้าร่วมกลุ่มเรียน',
        },
        {
          src: '/help/help-group-2.jpg',
          alt: 'ขั้นตอนที่ 2: สแกนคิวอาร์โค้ด หรือกดลิงก์กลุ่ม กดยืนยันเพื่อเข้าร่วมกลุ่มเรียน',
        },
      ],
      note: 'รหัสเข้ากลุ่มเป็นรหัสส่วนตัว ใช้ได้เฉพาะบัญชีของท่าน และกลุ่มเปิดให้เฉพาะผู้ที่ยังอยู่ในระยะเวลาเรียน 2 ปี',
    },
    faq: {
      tab: 'คำถามที่พบบ่อย',
      intro: 'คำถามที่ผู้เรียนถามบ่อย หากไม่พบคำตอบ ติดต่อเราได้ที่หน้าติดต่อเรา',
      empty: 'ยังไม่มีคำถามที่พบบ่อย',
      loadError: 'โหลดคำถามที่พบบ่อยไม่สำเร็จ',
    },
  },
  en: {
    title: 'Help',
    tabsLabel: 'Help topics',
    close: 'Close',
    payment: {
      tab: 'How to pay',
      intro: 'Buying a course takes a few steps; once paid, you can study for 2 years.',
      steps: [
        { text: 'Choose a course on the home or courses page and click it to open its details.' },
        {
          text: 'Press the price button (for example ฿1,990.00). If you are not signed in, sign in or register first.',
        },
        {
          text: 'Choose how to pay, and enter a discount coupon code if you have one:',
          points: [
            'Credit / debit card: Visa, Mastercard or JCB, in full, on a secure payment page.',
            'PromptPay QR: scan the QR code with your banking app.',
            'Bank transfer: transfer to the company account, attach the slip and enter the transfer date and time.',
            'Coins: pay with the coins in your account, for courses that accept them.',
          ],
        },
        {
          text: 'For a receipt, tick "I want a receipt" and enter the person\'s details (ID number and address) or the company\'s (tax ID, company name, company address and the address for documents).',
        },
        { text: 'Check the summary and press Confirm.' },
        { text: 'Once paid, the course appears under My courses and you can start at once.' },
      ],
      note: 'Transfers made between 00.00 and 08.00 wait for staff to confirm the payment; at other times staff check slips within 1 business day.',
    },
    password: {
      tab: 'How to change your password',
      intro: 'Forgot your password? Set a new one with the e-mail you registered with.',
      steps: [
        { text: 'Press Log in in the top bar.' },
        { text: 'Press Forgot password?' },
        { text: 'Enter the e-mail you registered with and press Send the password link.' },
        { text: 'Open the e-mail from Sikkha and follow its link.' },
        { text: 'Enter a new password of at least 8 characters, confirm it and press Save password.' },
        { text: 'Sign in with your new password.' },
      ],
      note: 'If no e-mail arrives within a few minutes, check your junk or spam folder, and that you entered the e-mail you registered with.',
    },
    group: {
      tab: 'Joining the group',
      intro: "Buyers can join the course's study group on LINE or Facebook to ask the coach and fellow learners.",
      steps: [
        { text: 'Sign in, open My courses and choose a course you bought.' },
        {
          text: 'In the study group section choose the LINE or Facebook group, press the button to create your group code, then press Copy.',
        },
        { text: 'Scan the QR code or follow the group link and ask to join.' },
        { text: 'Paste your code when the group asks for it; an admin checks it and lets you in.' },
      ],
      images: [
        {
          src: '/help/help-group-1.jpg',
          alt: 'Step 1: sign in, open My courses and press Join the study group',
        },
        {
          src: '/help/help-group-2.jpg',
          alt: 'Step 2: scan the QR code or follow the group link, then confirm to join the study group',
        },
      ],
      note: 'Your group code is personal to your account, and groups are open only during your 2-year access.',
    },
    faq: {
      tab: 'Frequently asked questions',
      intro: 'Questions learners often ask. If yours is not here, see the contact page.',
      empty: 'No questions yet.',
      loadError: 'Could not load the questions',
    },
  },
};

export const useHelpTexts = defineTexts('help', helpTexts);
