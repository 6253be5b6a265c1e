import type { OrderPayment } from '@sikkha/contract';
import { type Bilingual, defineTexts } from '../../i18n/texts';

/** The shop's public contact details, shown on /contact (the footer keeps its own short version). */
export const CONTACT = {
  email: 'contact@sikkha.example',
  privacyEmail: 'privacy@sikkha.example',
  phone: '02-123-4567',
  phoneHref: 'tel:+6621234567',
  line: { id: '@sikkha.example', href: 'https://line.me/R/ti/p/@sikkha.example' },
  facebook: { name: 'facebook.com/sikkha.example', href: 'https://www.facebook.com/sikkha.example' },
} as const;

interface PagesTexts {
  contact: {
    title: string;
    intro: string;
    address: string;
    email: string;
    emailNote: string;
    privacy: string;
    phone: string;
    line: string;
    facebook: string;
    hours: string;
    hoursLines: string[];
    opensInNewTab: string;
  };
  pricing: {
    title: string;
    intro: string;
    accessTitle: string;
    access: string;
    methodsTitle: string;
    /** Each method the shop may take; the page lists the ones it takes now. */
    methods: Record<OrderPayment, string>;
    transferNote: string;
    listTitle: string;
    comingSoon: string;
    coinPay: string;
    book: string;
    details: string;
    empty: string;
    loadError: string;
    methodsError: string;
  };
  inspire: {
    title: string;
    lead: string;
    whyTitle: string;
    reasons: { title: string; text: string }[];
    storiesTitle: string;
    stories: { quote: string; name: string; course: string }[];
    demoNote: string;
    cta: string;
  };
  callback: { title: string; text: string; home: string; myCourses: string };
}

const pagesTexts: Bilingual<PagesTexts> = {
  th: {
    contact: {
      title: 'ติดต่อเรา',
      intro: 'มีคำถามเกี่ยวกับคอร์สเรียน การชำระเงิน หรือบัญชีผู้ใช้ ติดต่อทีมงานสิกขาได้ตามช่องทางด้านล่าง',
      address: 'ที่อยู่',
      email: 'อีเมล',
      emailNote: 'ตอบกลับภายใน 1 วันทำการ',
      privacy: 'เรื่องข้อมูลส่วนบุคคล',
      phone: 'โทรศัพท์',
      line: 'LINE Official Account',
      facebook: 'Facebook',
      hours: 'เวลาทำการ',
      hoursLines: [
        'จันทร์–ศุกร์ 09.00–18.00 น.',
        'เสาร์ 09.00–12.00 น.',
        'ปิดวันอาทิตย์และวันหยุดนักขัตฤกษ์',
        'ตอบแชต LINE และ Facebook ทุกวัน 09.00–20.00 น.',
      ],
      opensInNewTab: '(เปิดในแท็บใหม่)',
    },
    pricing: {
      title: 'ราคาคอร์สเรียน',
      intro: 'ราคาคอร์สเรียนทั้งหมดที่เปิดขาย ชำระครั้งเดียว ไม่มีค่าสมาชิกรายเดือน',
      accessTitle: 'เรียนได้ 2 ปี',
      access: 'ทุกคอร์สดูซ้ำได้ไม่จำกัดจำนวนครั้ง เป็นเวลา 2 ปีนับจากวันที่ชำระเงินสำเร็จ พร้อมเอกสารประกอบและกลุ่มเรียนของคอร์ส',
      methodsTitle: 'ช่องทางการชำระเงิน',
      methods: {
        credit: 'บัตรเครดิต / เดบิต (Visa, Mastercard, JCB)',
        qrcode: 'QR พร้อมเพย์ (Internet Banking)',
        transfer: 'โอนเงินผ่านธนาคาร พร้อมแนบสลิป',
        smatrpay: 'ผ่อนชำระด้วยบัตรเครดิตกสิกรไทย (K-Smart Pay)',
        unionpay: 'บัตร UnionPay',
        coin: 'เหรียญ (Coin) สำหรับคอร์สที่รองรับ',
      },
      transferNote: 'การโอนเงินระหว่างเวลา 00.00–08.00 น. กรุณารอการยืนยันจากเจ้าหน้าที่',
      listTitle: 'คอร์สเรียนและราคา',
      comingSoon: 'เร็วๆ นี้',
      coinPay: 'ชำระด้วยเหรียญได้',
      book: 'มีหนังสือจัดส่ง',
      details: 'ดูรายละเอียด',
      empty: 'ยังไม่มีคอร์สเรียนในขณะนี้',
      loadError: 'โหลดคอร์สเรียนไม่สำเร็จ',
      methodsError: 'โหลดช่องทางการชำระเงินไม่สำเร็จ',
    },
    inspire: {
      title: 'แรงบันดาลใจ',
      lead: 'ทุกการเรียนรู้เริ่มจากก้าวเล็กๆ วันละบทเรียน ก็พาคุณไปได้ไกลกว่าที่คิด',
      whyTitle: 'ทำไมต้องเรียนออนไลน์',
      reasons: [
        { title: 'เรียนได้ทุกที่ ทุกเวลา', text: 'เปิดบทเรียนได้ทั้งบนมือถือและคอมพิวเตอร์ เรียนช่วงเดินทางหรือก่อนนอนก็ได้' },
        { title: 'ดูซ้ำได้จนเข้าใจ', text: 'ย้อนดูตอนที่ยังไม่เข้าใจได้ไม่จำกัดจำนวนครั้ง ตลอด 2 ปี' },
        { title: 'เรียนกับผู้สอนตัว\u2060จริง', text: 'ผู้สอนที่มีประสบการณ์จริงในสายงาน ถ่ายทอดสิ่งที่ใช้ได้จริง' },
        { title: 'มีเพื่อนเรียนด้วยกัน', text: 'กลุ่มเรียนของแต่ละคอร์สให้ถามตอบกับผู้สอนและเพื่อนร่วมเรียน' },
      ],
      storiesTitle: 'เสียงจากผู้เรียน',
      stories: [
        {
          quote: 'เรียนหลังเลิกงานวันละ 30 นาที สามเดือนผ่านไปเปิดร้านออนไลน์ของตัวเองได้แล้ว',
          name: 'คุณมณีรัตน์',
          course: 'การตลาดออนไลน์ฉบับมืออาชีพ',
        },
        {
          quote: 'ไม่เคยเขียนโค้ดมาก่อน แต่ดูซ้ำได้เรื่อยๆ จนทำโปรเจกต์แรกสำเร็จ ภูมิใจมาก',
          name: 'คุณธนากร',
          course: 'โค้ดดิ้งเบื้องต้นด้วย Python',
        },
        {
          quote: 'ชอบที่มีกลุ่มให้ถามได้ ผู้สอนตอบเร็ว ทำให้กล้าเริ่มลงทุนอย่างมีแผน',
          name: 'คุณพิมพ์ชนก',
          course: 'ลงทุนหุ้นไทยสำหรับมือใหม่',
        },
      ],
      demoNote: 'ตัวอย่างเรื่องราวสำหรับร้านสาธิต',
      cta: 'เริ่มเรียนวันนี้',
    },
    callback: {
      title: 'กำลังดำเนินการ',
      text: 'กรุณารอสักครู่ ระบบกำลังดำเนินการตามคำขอของคุณ',
      home: 'กลับหน้าแรก',
      myCourses: 'ไปที่คอร์สของฉัน',
    },
  },
  en: {
    contact: {
      title: 'Contact us',
      intro: 'Questions about a course, a payment or your account? Reach the Sikkha team through any of these.',
      address: 'Address',
      email: 'E-mail',
      emailNote: 'We reply within 1 business day.',
      privacy: 'Personal data requests',
      phone: 'Phone',
      line: 'LINE Official Account',
      facebook: 'Facebook',
      hours: 'Opening hours',
      hoursLines: [
        'Monday–Friday 09.00–18.00',
        'Saturday 09.00–12.00',
        'Closed on Sundays and public holidays',
        'LINE and Facebook chat answered daily 09.00–20.00',
      ],
      opensInNewTab: '(opens in a new tab)',
    },
    pricing: {
      title: 'Pricing',
      intro: 'The prices of every course on sale. Pay once; there is no monthly fee.',
      accessTitle: '2 years of access',
      access:
        'Watch every course as often as you like for 2 years from the day your payment succeeds, with its documents and study group.',
      methodsTitle: 'Ways to pay',
      methods: {
        credit: 'Credit / debit card (Visa, Mastercard, JCB)',
        qrcode: 'PromptPay QR (internet banking)',
        transfer: 'Bank transfer with a slip',
        smatrpay: 'Instalments on a KBank credit card (K-Smart Pay)',
        unionpay: 'UnionPay card',
        coin: 'Coins, for courses that accept them',
      },
      transferNote: 'Transfers made between 00.00 and 08.00 wait for staff confirmation.',
      listTitle: 'Courses and prices',
      comingSoon: 'Coming soon',
      coinPay: 'Coins accepted',
      book: 'Book shipped',
      details: 'See details',
      empty: 'There are no courses yet.',
      loadError: 'Could not load the courses',
      methodsError: 'Could not load the ways to pay',
    },
    inspire: {
      title: 'Inspiration',
      lead: 'Every skill starts with a small step: one lesson a day takes you further than you think.',
      whyTitle: 'Why learn online',
      reasons: [
        {
          title: 'Anywhere, any time',
          text: 'Open lessons on your phone or computer, on the way to work or before bed.',
        },
        { title: 'Rewatch until it clicks', text: 'Go back over any part as often as you need, for 2 years.' },
        { title: 'Learn from practitioners', text: 'Coaches with real experience in their field teach what works.' },
        { title: 'Learn together', text: 'Each course has a study group to ask the coach and fellow learners.' },
      ],
      storiesTitle: 'What learners say',
      stories: [
        {
          quote: 'Thirty minutes a day after work, and three months later I opened my own online shop.',
          name: 'Maneerat',
          course: 'การตลาดออนไลน์ฉบับมืออาชีพ',
        },
        {
          quote: 'I had never written code, but rewatching the lessons got me through my first project.',
          name: 'Thanakorn',
          course: 'โค้ดดิ้งเบื้องต้นด้วย Python',
        },
        {
          quote: 'The group made it easy to ask; the coach answers fast. Now I invest with a plan.',
          name: 'Pimchanok',
          course: 'ลงทุนหุ้นไทยสำหรับมือใหม่',
        },
      ],
      demoNote: 'Sample stories for the demo shop',
      cta: 'Start learning today',
    },
    callback: {
      title: 'Processing',
      text: 'Please wait a moment while we process your request.',
      home: 'Back to home',
      myCourses: 'Go to My courses',
    },
  },
};

export const usePagesTexts = defineTexts('pages', pagesTexts);
