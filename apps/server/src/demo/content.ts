/** Thai demo content for the embedded shop: a small catalogue a coach could show a first student. */

/** The demo member's password is published (README); the demo staff password is made at random per installation. */
export const demoAccounts = {
  member: { email: 'demo@sikkha.local', password: 'sikkha-demo-2026' },
  staff: { username: 'admin' },
} as const;

export const categories = ['ธุรกิจและการตลาด', 'การเงินและการลงทุน', 'ภาษา', 'ไลฟ์สไตล์และงานอดิเรก', 'เทคโนโลยี'];

export const coaches = [
  {
    coach_name: 'อาจารย์สมชาย ใจดี',
    coach_position: 'ผู้เชี่ยวชาญการตลาดออนไลน์',
    coach_detail: 'ที่ปรึกษาด้านการตลาดดิจิทัลให้ธุรกิจ SME มากว่า 12 ปี เคยดูแลแคมเปญโฆษณาออนไลน์ให้แบรนด์ชั้นนำของไทย',
    coach_img: 'coach-1.jpg',
    lines: ['ปริญญาโทการตลาด มหาวิทยาลัยธรรมศาสตร์', 'วิทยากรรับเชิญ งานสัมมนา Digital Thailand', 'ผู้เขียนหนังสือ "ขายออนไลน์ให้ปัง"'],
    awards: ['รางวัลนักการตลาดดิจิทัลแห่งปี 2565'],
  },
  {
    coach_name: 'คุณศิริพร วงศ์ทอง',
    coach_position: 'นักวิเคราะห์การลงทุน CFA',
    coach_detail: 'นักวิเคราะห์หลักทรัพย์ที่ได้รับใบอนุญาต ประสบการณ์ในตลาดหุ้นไทยกว่า 15 ปี ชอบสอนให้เข้าใจง่าย',
    coach_img: 'coach-2.jpg',
    lines: ['CFA Charterholder', 'อดีตผู้จัดการกองทุนรวม', 'คอลัมนิสต์ด้านการเงินส่วนบุคคล'],
    awards: ['ผู้สอนยอดเยี่ยม ด้านการเงิน ปี 2566', 'วิทยากรตลาดหลักทรัพย์แห่งประเทศไทย'],
  },
  {
    coach_name: 'ครูแอนนา ทองดี',
    coach_position: 'ครูสอนภาษาอังกฤษและเทคโนโลยี',
    coach_detail: 'ครูภาษาอังกฤษเพื่อการทำงานและโปรแกรมเมอร์ สอนผู้ใหญ่วัยทำงานมาแล้วกว่า 5,000 คน',
    coach_img: 'coach-3.jpg',
    lines: ['TESOL Certificate', 'อดีตวิศวกรซอฟต์แวร์บริษัทข้ามชาติ', 'สอนออนไลน์ตั้งแต่ปี 2560'],
    awards: ['ครูออนไลน์ขวัญใจผู้เรียน 2567'],
  },
];

export interface DemoCourse {
  product_title: string;
  product_detail: string;
  product_tag: string;
  product_price: number;
  categories: number[];
  coach: number;
  image: number;
  product_status: 'Show' | 'Hide';
  product_disable?: 'Y' | 'N';
  product_book?: 'Y' | 'N';
  product_coin_pay?: 'Y' | 'N';
  lessons: string[];
}

export const courses: DemoCourse[] = [
  {
    product_title: 'การตลาดออนไลน์ฉบับมืออาชีพ',
    product_detail: 'วางกลยุทธ์ ยิงโฆษณา และวัดผลการตลาดออนไลน์ด้วยตัวเอง ตั้งแต่ศูนย์จนขายได้จริง',
    product_tag: 'การตลาด,โฆษณา,Facebook Ads',
    product_price: 1990,
    categories: [1],
    coach: 1,
    image: 1,
    product_status: 'Show',
    lessons: ['แนะนำคอร์สและเป้าหมาย', 'รู้จักลูกค้าของคุณ', 'สร้างคอนเทนต์ที่ขายได้', 'วัดผลและปรับแคมเปญ'],
  },
  {
    product_title: 'ลงทุนหุ้นไทยสำหรับมือใหม่',
    product_detail: 'เข้าใจตลาดหุ้นไทย อ่านงบการเงินเบื้องต้น และวางแผนลงทุนระยะยาวอย่างมีวินัย',
    product_tag: 'หุ้น,ลงทุน,การเงิน',
    product_price: 2490,
    categories: [2],
    coach: 2,
    image: 2,
    product_status: 'Show',
    product_coin_pay: 'Y',
    lessons: ['ตลาดหุ้นทำงานอย่างไร', 'อ่านงบการเงินใน 30 นาที', 'กระจายความเสี่ยง'],
  },
  {
    product_title: 'ภาษาอังกฤษเพื่อการทำงาน',
    product_detail: 'เขียนอีเมล ประชุม และนำเสนองานเป็นภาษาอังกฤษอย่างมั่นใจ พร้อมหนังสือประกอบส่งถึงบ้าน',
    product_tag: 'ภาษาอังกฤษ,การทำงาน',
    product_price: 1590,
    categories: [3],
    coach: 3,
    image: 3,
    product_status: 'Show',
    product_book: 'Y',
    lessons: ['ทักทายและแนะนำตัว', 'เขียนอีเมลให้มืออาชีพ', 'ประชุมออนไลน์'],
  },
  {
    product_title: 'ถ่ายภาพด้วยมือถือให้ปัง',
    product_detail: 'จัดแสง จัดองค์ประกอบ และแต่งภาพด้วยมือถือเครื่องเดียว เปิดขายเร็วๆ นี้',
    product_tag: 'ถ่ายภาพ,มือถือ',
    product_price: 990,
    categories: [4],
    coach: 1,
    image: 4,
    product_status: 'Show',
    product_disable: 'Y',
    lessons: ['แสงธรรมชาติ', 'องค์ประกอบภาพ'],
  },
  {
    product_title: 'ทำอาหารไทยแบบมืออาชีพ',
    product_detail: 'สูตรอาหารไทยต้นตำรับจากเชฟมืออาชีพ (คอร์สนี้ซ่อนไว้ระหว่างเตรียมเนื้อหา)',
    product_tag: 'อาหารไทย,ทำอาหาร',
    product_price: 1290,
    categories: [4],
    coach: 3,
    image: 5,
    product_status: 'Hide',
    lessons: ['เครื่องแกงพื้นฐาน'],
  },
  {
    product_title: 'โค้ดดิ้งเบื้องต้นด้วย Python',
    product_detail: 'เริ่มเขียนโปรแกรมจากศูนย์ด้วย Python ทำงานอัตโนมัติ และต่อยอดสู่การวิเคราะห์ข้อมูล',
    product_tag: 'Python,โปรแกรมมิ่ง,เทคโนโลยี',
    product_price: 1890,
    categories: [5],
    coach: 3,
    image: 6,
    product_status: 'Show',
    product_coin_pay: 'Y',
    lessons: ['ติดตั้งและเริ่มต้น', 'ตัวแปรและเงื่อนไข', 'ลูปและฟังก์ชัน', 'โปรเจกต์แรกของคุณ'],
  },
];

export const detailTypes = ['รายละเอียดคอร์ส', 'เนื้อหาที่จะได้เรียน', 'เอกสารประกอบ'];

export const news = [
  {
    news_title: 'เปิดตัวคอร์สใหม่ โค้ดดิ้งเบื้องต้นด้วย Python',
    news_detail: 'คอร์สที่หลายคนรอคอย เรียนได้ทันทีวันนี้ พร้อมแบบฝึกหัดและกลุ่มถามตอบ',
    news_content: 'Python เป็นภาษาที่เริ่มต้นง่ายที่สุดภาษาหนึ่ง คอร์สนี้พาคุณตั้งแต่ติดตั้งจนทำโปรเจกต์แรกได้สำเร็จ',
    news_tag: 'คอร์สใหม่,Python',
    image: 1,
    coach: 3,
  },
  {
    news_title: '5 เทคนิคลงทุนหุ้นระยะยาวสำหรับมนุษย์เงินเดือน',
    news_detail: 'สรุปเคล็ดลับจากคุณศิริพร สำหรับคนที่มีเวลาน้อยแต่อยากเริ่มลงทุน',
    news_content: 'เริ่มจากเงินที่ไม่กระทบชีวิตประจำวัน ลงทุนสม่ำเสมอ กระจายความเสี่ยง และทบทวนพอร์ตปีละครั้ง',
    news_tag: 'ลงทุน,เคล็ดลับ',
    image: 2,
    coach: 2,
  },
  {
    news_title: 'โปรโมชันต้อนรับสมาชิกใหม่ รับเหรียญฟรี',
    news_detail: 'สมัครสมาชิกวันนี้ รับเหรียญไว้ใช้แลกส่วนลดคอร์สเรียน',
    news_content: 'ใช้รหัสคูปองเหรียญในหน้าเหรียญของฉันเพื่อรับเหรียญ และใช้จ่ายค่าคอร์สที่รองรับการชำระด้วยเหรียญ',
    news_tag: 'โปรโมชัน',
    image: 3,
    coach: 1,
  },
];

export const questions = [
  { question: 'ซื้อคอร์สแล้วเรียนได้นานแค่ไหน', result: 'เรียนได้ไม่จำกัดจำนวนครั้งเป็นเวลา 2 ปี นับจากวันที่ชำระเงินสำเร็จ' },
  {
    question: 'ชำระเงินได้ช่องทางใดบ้าง',
    result: 'บัตรเครดิต/เดบิต, QR พร้อมเพย์, โอนเงินผ่านธนาคารพร้อมแนบสลิป และเหรียญสำหรับคอร์สที่รองรับ',
  },
  { question: 'โอนเงินแล้วต้องรอนานไหม', result: 'เจ้าหน้าที่ตรวจสอบภายใน 1 วันทำการ ช่วงเวลา 00.00-08.00 น. กรุณารอการยืนยัน' },
  { question: 'ขอใบเสร็จรับเงินได้หรือไม่', result: 'ได้ ทั้งในนามบุคคลและนิติบุคคล เลือก "ต้องการใบเสร็จ" ในหน้าชำระเงิน' },
  { question: 'ลืมรหัสผ่านต้องทำอย่างไร', result: 'กด "ลืมรหัสผ่าน" ในหน้าเข้าสู่ระบบ ระบบจะส่งรหัสยืนยันไปที่อีเมลของคุณ' },
];
