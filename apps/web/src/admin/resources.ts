/** The back-office resources, by their API names, with Thai labels for the menu. */
export const RESOURCES = {
  category: 'หมวดหมู่',
  coach: 'ผู้สอน',
  product: 'คอร์สเรียน',
  news: 'ข่าวสาร',
  video: 'วิดีโอ',
  question: 'คำถามที่พบบ่อย',
  personnel: 'บุคลากร',
  user: 'สมาชิก',
  orders: 'คำสั่งซื้อ',
  coupon: 'คูปอง',
  couponPoint: 'คูปองเหรียญ',
  logPoint: 'ประวัติเหรียญ',
} as const;

export type ResourceName = keyof typeof RESOURCES;
