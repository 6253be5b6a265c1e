import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { orderReference } from '@sikkha/contract';
import { baht } from '@sikkha/contract/rules';
import { count, eq } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import type { Db, Tx } from '../db/client.js';
import { issueNumber } from '../db/document-numbers.js';
import * as s from '../db/schema/index.js';
import { hashPassword } from '../lib/passwords.js';
import { localDiskStorage, localPackageStore, type PackageStore, type Storage } from '../providers/storage.js';
import { writePackage } from '../providers/video/hls.js';
import * as content from './content.js';

/** Beside this module in the source tree, beside main.js in the build. */
const assets = fileURLToPath(new URL('./assets/', import.meta.url));

/** Demo files go where uploads of the same kind go (the data folder or the bucket), so they are served the same way. */
async function placeFiles(storage: Storage) {
  const files: Promise<void>[] = [];
  const put = (serve: string, from: string, name = from.split('/').pop()!) => {
    files.push(
      readFile(join(assets, from))
        .then((data) => storage.put(serve, name, data))
        // A file placed by an earlier start stays as it is.
        .catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'EEXIST') throw error;
        }),
    );
  };
  for (let i = 1; i <= 6; i++) {
    put('productMini', `images/course-${i}.jpg`);
    put('productVertical', `images/course-${i}-vertical.jpg`);
    put('productHead', `images/course-${i}-head.jpg`);
  }
  put('productCertificate', 'images/certificate.jpg');
  for (let i = 1; i <= 3; i++) {
    put('coach', `images/coach-${i}.jpg`);
    put('news', `images/news-${i}.jpg`);
    put('newsHead', `images/news-${i}.jpg`);
    put('newsList', `images/news-${i}.jpg`);
  }
  for (let i = 1; i <= 4; i++) put('video', `images/lesson-${i}.jpg`);
  put('pdfProduct', 'docs/course-outline.pdf');
  put('pdfProduct', 'docs/worksheet.xlsx');
  await Promise.all(files);
}

/** What every demo lesson plays: the shipped 12 s clip (see assets/README.md). */
const DEMO_VIDEO = {
  file: 'demo-lesson',
  seconds: 12,
  rendition: { name: '360p', width: 640, height: 360, from: join(assets, 'hls', 'lesson') },
};

/**
 * Packages the shipped clip as uploaded videos are packaged, encrypted with a key of this installation: its plain
 * segments are only encrypted (no encoding), so the first start stays fast.
 */
async function packageDemoVideo(packages: PackageStore) {
  const key = randomBytes(16);
  const folder = randomUUID();
  const work = await mkdtemp(join(tmpdir(), 'sikkha-demo-video-'));
  try {
    const dir = join(work, folder);
    await writePackage(dir, [DEMO_VIDEO.rendition], key);
    await packages.save(folder, dir);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return { video_file: DEMO_VIDEO.file, folder, key: key.toString('hex') };
}

async function insertCatalogue(
  tx: Tx,
  memberId: number,
  staffId: number,
  now: string,
  video: typeof s.videoPackage.$inferInsert,
) {
  const stamp = { create_by: staffId, create_at: now, update_at: now };
  await tx.insert(s.videoPackage).values({ ...video, create_at: now });
  const cats = await tx
    .insert(s.category)
    .values(content.categories.map((category_name) => ({ category_name, ...stamp })))
    .returning({ id: s.category.id });

  const coachIds: number[] = [];
  for (const c of content.coaches) {
    const [row] = await tx
      .insert(s.coach)
      .values({
        coach_name: c.coach_name,
        coach_detail: c.coach_detail,
        coach_position: c.coach_position,
        coach_img: c.coach_img,
        ...stamp,
      })
      .returning({ id: s.coach.id });
    coachIds.push(row!.id);
    await tx.insert(s.coachDetailList).values(
      c.lines.map((coach_detail_text, i) => ({
        coach_id: row!.id,
        coach_detail_text,
        coach_detail_item: i + 1,
        ...stamp,
      })),
    );
    await tx.insert(s.coachStatus).values(c.awards.map((award) => ({ coach_id: row!.id, award, ...stamp })));
  }

  const types = await tx
    .insert(s.productDetailType)
    .values(content.detailTypes.map((product_detail_tab_name) => ({ product_detail_tab_name, ...stamp })))
    .returning({ id: s.productDetailType.id });

  const productIds: number[] = [];
  for (const c of content.courses) {
    const n = c.image;
    const [p] = await tx
      .insert(s.product)
      .values({
        product_title: c.product_title,
        product_detail: c.product_detail,
        product_tag: c.product_tag,
        product_price: baht(c.product_price),
        product_category_list: c.categories.map((i) => cats[i - 1]!.id),
        product_img_mini: `course-${n}.jpg`,
        product_img_vertical: `course-${n}-vertical.jpg`,
        product_img_head: `course-${n}-head.jpg`,
        product_img_certificate: 'certificate.jpg',
        product_status: c.product_status,
        product_disable: c.product_disable ?? 'N',
        product_book: c.product_book ?? 'N',
        product_coin_pay: c.product_coin_pay ?? 'N',
        ...stamp,
      })
      .returning({ id: s.product.id });
    const productId = p!.id;
    productIds.push(productId);
    await tx.insert(s.productCoach).values({ product_id: productId, coach_id: coachIds[c.coach - 1]!, ...stamp });

    const [about, syllabus, documents] = types.map((t) => t.id) as [number, number, number];
    await tx.insert(s.productDetailText).values([
      { product_id: productId, product_detail_type_id: about, product_detail_text_value: c.product_detail, ...stamp },
      {
        product_id: productId,
        product_detail_type_id: syllabus,
        product_detail_text_value: `คอร์สนี้มี ${c.lessons.length} บทเรียน เรียนได้ทุกที่ทุกเวลา นาน 2 ปี`,
        ...stamp,
      },
      {
        product_id: productId,
        product_detail_type_id: documents,
        product_detail_text_value: 'ดาวน์โหลดเอกสารประกอบได้หลังชำระเงินสำเร็จ',
        ...stamp,
      },
    ]);
    await tx.insert(s.productDetailList).values([
      ...c.lessons.map((title, i) => ({
        product_id: productId,
        product_detail_type_id: syllabus,
        product_detail_list_title: `บทที่ ${i + 1}: ${title}`,
        product_detail_list_item: i + 1,
        ...stamp,
      })),
      {
        product_id: productId,
        product_detail_type_id: documents,
        product_detail_list_title: 'เค้าโครงคอร์ส (PDF)',
        product_detail_list_file: 'course-outline.pdf',
        product_detail_list_item: 1,
        ...stamp,
      },
      {
        product_id: productId,
        product_detail_type_id: documents,
        product_detail_list_title: 'แบบฝึกหัด (Excel)',
        product_detail_list_file: 'worksheet.xlsx',
        product_detail_list_item: 2,
        ...stamp,
      },
    ]);

    for (const [i, title] of c.lessons.entries()) {
      const [v] = await tx
        .insert(s.video)
        .values({
          video_name: title,
          video_detail: `${c.product_title} บทที่ ${i + 1}`,
          video_formath: 'HLS',
          video_file: DEMO_VIDEO.file,
          video_duration: DEMO_VIDEO.seconds,
          video_status: 'ready',
          // The thumbnail says the lesson's number in its course (no course has more than four lessons).
          video_path: `lesson-${i + 1}.jpg`,
          ...stamp,
        })
        .returning({ id: s.video.id });
      const status = i === 0 ? 'preview' : i === 1 ? 'public' : 'private';
      await tx.insert(s.videoList).values({
        product_id: productId,
        video_id: v!.id,
        video_list_status: status,
        video_list_item: i + 1,
        ...stamp,
      });
    }

    if (c.product_status === 'Show' && c.product_disable !== 'Y') {
      await tx.insert(s.productGroup).values([
        {
          product_id: productId,
          product_group_type: 'facebook',
          product_group_url: `https://www.facebook.com/groups/sikkha-course-${productId}`,
          ...stamp,
        },
        {
          product_id: productId,
          product_group_type: 'line',
          product_group_url: `https://line.me/ti/g/sikkha-course-${productId}`,
          ...stamp,
        },
      ]);
    }
  }

  for (const [i, n] of content.news.entries()) {
    const [row] = await tx
      .insert(s.news)
      .values({
        news_title: n.news_title,
        news_detail: n.news_detail,
        news_content: n.news_content,
        news_tag: n.news_tag,
        news_path: `news-${n.image}.jpg`,
        news_path_head: `news-${n.image}.jpg`,
        news_heart: 12 * (i + 1),
        coach_id: coachIds[n.coach - 1]!,
        personnel_id: staffId,
        ...stamp,
      })
      .returning({ id: s.news.id });
    await tx.insert(s.newsImage).values({
      news_id: row!.id,
      news_image_title: n.news_title,
      news_image_detail: n.news_detail,
      news_image_path: `news-${n.image}.jpg`,
      ...stamp,
    });
  }

  await tx
    .insert(s.question)
    .values(content.questions.map((q, i) => ({ question: q.question, result: q.result, item: i + 1, ...stamp })));

  // The payment types are reference data: the migration that made their table adds them on every database.

  // The demo member owns the first course and waits for the transfer of the second to be confirmed,
  // so the storefront shows a purchased and a pending course from the first start.
  const [bought, pending] = productIds as [number, number];
  const price = (i: number) => baht(content.courses[i]!.product_price);
  const [finished] = await tx
    .insert(s.orders)
    .values({
      user_id: memberId,
      orders_payment_type_id: 4,
      orders_total: price(0),
      orders_net: price(0),
      orders_status: 'finish',
      orders_payment: 'transfer',
      orders_payment_bank: 'KBANK',
      orders_payment_date: now.slice(0, 10),
      orders_payment_time: '10:30',
      approve_by: staffId,
      approve_date: now,
      create_by: memberId,
      create_at: now,
      update_at: now,
    })
    .returning({ id: s.orders.id });
  const [waiting] = await tx
    .insert(s.orders)
    .values({
      user_id: memberId,
      orders_payment_type_id: 4,
      orders_total: price(1),
      orders_net: price(1),
      orders_status: 'wait',
      orders_payment: 'transfer',
      create_by: memberId,
      create_at: now,
      update_at: now,
    })
    .returning({ id: s.orders.id });
  for (const [order, product, i] of [
    [finished!.id, bought, 0],
    [waiting!.id, pending, 1],
  ] as const) {
    await tx
      .update(s.orders)
      .set({ orders_ref: orderReference(order) })
      .where(eq(s.orders.id, order));
    await tx
      .insert(s.orderPayment)
      .values({ orders_id: order, user_id: memberId, token: randomBytes(32).toString('base64url') });
    await tx.insert(s.ordersDetail).values({
      orders_id: order,
      product_id: product,
      orders_detail_price: price(i),
      orders_detail_net: price(i),
      create_by: memberId,
      create_at: now,
      update_at: now,
    });
  }
  // The paid order has its receipt's number, as a finish gives it; its PDF is made when it is first downloaded.
  const orderNo = await issueNumber({ db: tx, afterCommit: () => undefined }, 'receipt', new Date(now));
  await tx.update(s.orders).set({ order_no: orderNo }).where(eq(s.orders.id, finished!.id));

  await tx.insert(s.notification).values([
    {
      user_id: memberId,
      notification_message: `ชำระเงินสำเร็จ: ${content.courses[0]!.product_title}`,
      notification_to: '/courses/onlyOrder',
      notification_color: 'success',
      notification_icon: 'check_circle',
      notification_from: 'สิกขา',
      ...stamp,
    },
    {
      user_id: memberId,
      notification_message: 'ได้รับสลิปโอนเงินแล้ว กำลังรอการตรวจสอบ',
      notification_to: '/courses/onlyOrder',
      notification_color: 'warning',
      notification_icon: 'schedule',
      notification_from: 'สิกขา',
      ...stamp,
    },
  ]);
  await tx.insert(s.logPoint).values({
    user_id: memberId,
    log_point_amount: 500,
    log_point_type: 'staff',
    log_point_note: 'เหรียญต้อนรับสมาชิกใหม่',
    ...stamp,
  });
  // A coupon of each kind for every course, and coin coupons to claim, so the payment and coin dialogs can be tried.
  await tx.insert(s.coupon).values(
    [
      { coupon_code: 'SIKKHA10', coupon_name: 'ลด 10% ทุกคอร์ส', coupon_type: 'Percent' as const, coupon_percent: 10 },
      { coupon_code: 'LESS300', coupon_name: 'ลด 300 บาท', coupon_type: 'Pay' as const, coupon_pay: baht(300) },
      {
        coupon_code: 'BONUS50',
        coupon_name: 'รับ 50 เหรียญเมื่อชำระเสร็จ',
        coupon_type: 'Point' as const,
        coupon_point: 50,
      },
    ].map((c) => ({ ...c, coupon_product_type: 'all', ...stamp })),
  );
  const yearLater = new Date(Date.parse(now) + 365 * 24 * 60 * 60 * 1000).toISOString();
  await tx.insert(s.couponPoint).values([
    {
      coupon_point_code: 'WELCOME100',
      coupon_point_title: 'เหรียญต้อนรับ',
      coupon_point_detail: 'รับ 100 เหรียญ ใช้ชำระคอร์สที่รับชำระด้วยเหรียญ',
      coupon_point_amount: 100,
      coupon_point_to: yearLater,
      ...stamp,
    },
    {
      coupon_point_code: 'FORYOU50',
      coupon_point_title: 'เหรียญพิเศษสำหรับคุณ',
      coupon_point_detail: 'คูปองเหรียญที่ทำไว้ให้สมาชิกคนนี้เท่านั้น',
      coupon_point_type: 'only' as const,
      user_id: memberId,
      coupon_point_amount: 50,
      coupon_point_to: yearLater,
      ...stamp,
    },
    {
      coupon_point_code: 'SONGKRAN',
      coupon_point_title: 'เหรียญสงกรานต์',
      coupon_point_detail: 'ปิดรับแล้ว',
      coupon_point_status: 'cl' as const,
      coupon_point_amount: 30,
      ...stamp,
    },
  ]);
}

/**
 * Creates the demo shop on an empty database (no products yet); does nothing on a database that has content.
 * Files are placed at every start (missing ones only), so a deleted upload folder heals on the next start. The staff
 * password is made here at random and answered only when the shop is created: it is shown once, never stored
 * but as its hash, so no published password opens a back office.
 */
export async function seedDemo(
  db: Db,
  options: { dataDir: string; clock: Clock; files?: { storage: Storage; packages: PackageStore } },
) {
  // The shop's own stores when it gives them (a bucket with STORAGE=s3); the data folder's otherwise.
  const files = options.files ?? {
    storage: localDiskStorage(join(options.dataDir, 'uploads')),
    packages: localPackageStore(join(options.dataDir, 'hls')),
  };
  await placeFiles(files.storage);
  const [{ products } = { products: 0 }] = await db.select({ products: count() }).from(s.product);
  const { member: memberAccount, staff: staffAccount } = content.demoAccounts;
  if (products > 0) return { created: false as const, member: memberAccount, staff: staffAccount };

  const now = options.clock.now().toISOString();
  const video = await packageDemoVideo(files.packages);
  const staffPassword = randomBytes(12).toString('base64url');
  const [memberHash, staffHash] = await Promise.all([
    hashPassword(memberAccount.password),
    hashPassword(staffPassword),
  ]);
  await db.transaction(async (tx) => {
    const [staff] = await tx
      .insert(s.personnel)
      .values({
        username: staffAccount.username,
        password: staffHash,
        personnel_name: 'ผู้ดูแล',
        personnel_lname: 'ระบบ',
        personnel_position: 'ผู้ดูแลร้าน',
        status_by: 'Y',
        create_at: now,
        update_at: now,
      })
      .returning({ id: s.personnel.id });
    const [member] = await tx
      .insert(s.user)
      .values({
        email: memberAccount.email,
        username: 'demo',
        password: memberHash,
        name_title: 'นางสาว',
        name_th: 'สมใจ',
        lname_th: 'ใฝ่เรียน',
        nickname: 'ใจ',
        phone: '0812345678',
        point: 500,
        status: 'premium',
        agreement: 'Y',
        privacy_policy: 'Y',
        address: '99/1 ถนนสุขุมวิท แขวงคลองเตย เขตคลองเตย กรุงเทพฯ 10110',
        create_at: now,
        update_at: now,
      })
      .returning({ id: s.user.id });
    await insertCatalogue(tx, member!.id, staff!.id, now, video);
  });
  return { created: true as const, member: memberAccount, staff: { ...staffAccount, password: staffPassword } };
}
