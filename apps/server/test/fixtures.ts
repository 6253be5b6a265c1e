import { baht } from '@sikkha/contract/rules';
import type { Db } from '../src/db/client.js';
import * as s from '../src/db/schema/index.js';
import type { Seller } from '../src/modules/documents/receipt.js';

/** Parent rows every resource's sample payload can point at. */
export async function catalogueFixture(db: Db, memberId: number) {
  const [category] = await db.insert(s.category).values({ category_name: 'หมวดทดสอบ' }).returning();
  const [coach] = await db.insert(s.coach).values({ coach_name: 'โค้ชทดสอบ' }).returning();
  const [product] = await db
    .insert(s.product)
    .values({ product_title: 'คอร์สทดสอบ', product_price: baht(1000), product_status: 'Show' })
    .returning();
  const [hidden] = await db
    .insert(s.product)
    .values({ product_title: 'คอร์สซ่อน', product_price: baht(500), product_status: 'Hide' })
    .returning();
  const [detailType] = await db.insert(s.productDetailType).values({ product_detail_tab_name: 'แท็บ' }).returning();
  const [video] = await db.insert(s.video).values({ video_name: 'บทเรียน', video_HLS: 'secret-source' }).returning();
  // A lesson is seen only in a course on show.
  await db.insert(s.videoList).values({ product_id: product!.id, video_id: video!.id, video_list_status: 'public' });
  const [group] = await db
    .insert(s.productGroup)
    .values({ product_id: product!.id, product_group_type: 'line', product_group_url: 'https://line.me/ti/g/x' })
    .returning();
  const [news] = await db.insert(s.news).values({ news_title: 'ข่าว' }).returning();
  // Payment types are reference data of the migrations: 4 is the bank transfer.
  const paymentType = { id: 4 };
  const [order] = await db
    .insert(s.orders)
    .values({
      user_id: memberId,
      orders_payment_type_id: paymentType!.id,
      orders_total: baht(1000),
      orders_net: baht(1000),
    })
    .returning();
  const [coupon] = await db.insert(s.coupon).values({ coupon_code: 'FIXTURE' }).returning();
  return {
    category: category!,
    coach: coach!,
    product: product!,
    hidden: hidden!,
    detailType: detailType!,
    video: video!,
    group: group!,
    news: news!,
    order: order!,
    coupon: coupon!,
  };
}

export type Fixture = Awaited<ReturnType<typeof catalogueFixture>>;

let unique = 0;
const next = () => ++unique;

/** A valid create payload for each resource, given the fixture and the member it is for. */
export const samples: Record<string, (f: Fixture, userId: number) => Record<string, unknown>> = {
  category: () => ({ category_name: `หมวด ${next()}` }),
  coach: () => ({ coach_name: `โค้ช ${next()}`, coach_position: 'ผู้สอน' }),
  coachDetailList: (f) => ({ coach_id: f.coach.id, coach_detail_text: 'ประวัติ', coach_detail_item: 1 }),
  coachStatus: (f) => ({ coach_id: f.coach.id, award: 'รางวัล' }),
  productCoach: (f) => ({ coach_id: f.coach.id, product_id: f.hidden.id }),
  product: () => ({ product_title: `คอร์ส ${next()}`, product_price: 1290.5, product_category_list: [1] }),
  productDetailType: () => ({ product_detail_tab_name: 'รายละเอียด' }),
  productDetailList: (f) => ({ product_id: f.product.id, product_detail_type_id: f.detailType.id }),
  productDetailText: (f) => ({
    product_id: f.product.id,
    product_detail_type_id: f.detailType.id,
    product_detail_text_value: 'ข้อความ',
  }),
  question: () => ({ question: 'คำถาม?', result: 'คำตอบ', item: 1 }),
  productGroup: (f) => ({
    product_id: f.product.id,
    product_group_type: 'facebook',
    product_group_url: 'https://fb.com/g',
  }),
  news: () => ({ news_title: `ข่าว ${next()}` }),
  newsImage: (f) => ({ news_id: f.news.id, news_image_title: 'ภาพ' }),
  video: () => ({ video_name: `วิดีโอ ${next()}` }),
  advert: () => ({ advert_img: 'advert.png', advert_link: 'https://example.com/promotion' }),
  videoList: (f) => ({ product_id: f.product.id, video_id: f.video.id, video_list_status: 'public' }),
  videoStatistics: (f, userId) => ({
    user_id: userId,
    video_id: f.video.id,
    product_id: f.product.id,
    time_start: 0,
    time_end: 12.5,
    time_total: 12.5,
    event: 'Pause',
  }),
  userProductGroup: (f, userId) => ({
    user_id: userId,
    product_group_id: f.group.id,
    user_product_group_code: `C${next()}`,
  }),
  certificate: (f, userId) => ({ user_id: userId, product_id: f.product.id, orders_id: f.order.id }),
  notification: (_f, userId) => ({ user_id: userId, notification_message: 'แจ้งเตือน', notification_to: '/courses' }),
  user: () => ({ email: `u${next()}@example.com`, password: 'secret-password', name_th: 'ผู้ใช้' }),
  userDetail: (_f, userId) => ({ user_id: userId, name_th: 'ชื่อ', tel: '0812345678' }),
  personnel: () => ({ username: `staff${next()}`, password: 'secret-password', personnel_name: 'พนักงาน' }),
  ordersPaymentType: () => ({ orders_payment_type_title: 'ช่องทางใหม่' }),
  coupon: () => ({ coupon_code: `CODE${next()}`, coupon_type: 'Price', coupon_price: 990 }),
  couponEmail: (f) => ({ coupon_id: f.coupon.id, coupon_email: `e${next()}@example.com` }),
  couponProduct: (f) => ({ coupon_id: f.coupon.id, product_id: f.product.id }),
  couponPoint: (_f, userId) => ({ user_id: userId, coupon_point_code: `COIN${next()}`, coupon_point_amount: 100 }),
  logPoint: (_f, userId) => ({ user_id: userId, log_point_amount: 100, log_point_note: 'ทดสอบ' }),
};

/**
 * A course on show with a preview, a public and two private lessons, each video `duration` seconds long, and a
 * LINE and a Facebook group.
 */
export async function courseFixture(db: Db, options: { title?: string; duration?: number | null } = {}) {
  const [course] = await db
    .insert(s.product)
    .values({ product_title: options.title ?? 'คอร์สเรียนทดสอบ', product_price: baht(990), product_status: 'Show' })
    .returning();
  const duration = options.duration === undefined ? 100 : options.duration;
  const statuses = ['preview', 'public', 'private', 'private'] as const;
  const videos = await db
    .insert(s.video)
    .values(statuses.map((status, i) => ({ video_name: `บทที่ ${i + 1} (${status})`, video_duration: duration })))
    .returning();
  await db.insert(s.videoList).values(
    statuses.map((status, i) => ({
      product_id: course!.id,
      video_id: videos[i]!.id,
      video_list_status: status,
      video_list_item: i + 1,
    })),
  );
  const groups = await db
    .insert(s.productGroup)
    .values([
      { product_id: course!.id, product_group_type: 'line' as const, product_group_url: 'https://line.me/ti/g/abc' },
      { product_id: course!.id, product_group_type: 'facebook' as const, product_group_url: 'https://fb.com/groups/x' },
    ])
    .returning();
  type Video = typeof s.video.$inferSelect;
  const [preview, open, first, second] = videos as [Video, Video, Video, Video];
  const [line, facebook] = groups as [typeof s.productGroup.$inferSelect, typeof s.productGroup.$inferSelect];
  return { course: course!, lessons: { preview, open, first, second }, groups: { line, facebook } };
}

/** An order of one course for a member: `finish` (approved at `approvedAt`) or `wait`. */
export async function purchase(db: Db, userId: number, productId: number, status: 'finish' | 'wait', approvedAt: Date) {
  const [order] = await db
    .insert(s.orders)
    .values({
      user_id: userId,
      orders_status: status,
      orders_payment: 'transfer',
      ...(status === 'finish' ? { approve_date: approvedAt.toISOString() } : {}),
    })
    .returning();
  await db.insert(s.ordersDetail).values({ orders_id: order!.id, product_id: productId });
  return order!;
}

/** A course on show at `price` baht, as the orders tests place orders for. */
export async function courseOnShow(
  db: Db,
  title: string,
  price: number,
  extra: Partial<typeof s.product.$inferInsert> = {},
) {
  const [row] = await db
    .insert(s.product)
    .values({ product_title: title, product_price: baht(price), product_status: 'Show', ...extra })
    .returning({ id: s.product.id });
  return row!.id;
}

/** A VAT-registered seller at its head office, with an address whose Thai words a line may want to break. */
export const testSeller: Seller = {
  name: 'บริษัท สิกขา จำกัด',
  address: '123 ถนนพระรามที่ 4 แขวงสุริยวงศ์ เขตบางรัก กรุงเทพมหานคร 10110',
  taxId: '0105569000002',
  branch: '00000',
  vatRegistered: true,
  vatPercent: 7,
} as Seller;

/** An order's receipt fields for a company buyer at its second branch: a tax invoice's buyer. */
export const companyReceipt = {
  receipt: 'Y',
  receipt_type: 'company',
  company_id: '0105556012341',
  company_name: 'บริษัท ผู้ใหญ่ลี เทรดดิ้ง จำกัด',
  company_address: '123/45 หมู่ 6 ถนนเพชรเกษม ตำบลอ้อมน้อย จังหวัดสมุทรสาคร 74130',
  company_address_send: 'ตู้ ปณ. 9 สมุทรสาคร 74130',
  company_branch: '00002',
};
