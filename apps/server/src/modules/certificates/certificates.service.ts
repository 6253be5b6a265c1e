import { randomInt, randomUUID } from 'node:crypto';
import { CERTIFICATE_NO_ALPHABET, type CertificateVerification } from '@sikkha/contract';
import { thaiLongDate, unreachable } from '@sikkha/contract/rules';
import { and, desc, eq, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { notify } from '../../db/notify.js';
import { latestPurchase } from '../../db/purchases.js';
import { toIso } from '../../db/schema/columns.js';
import { certificate, orders, ordersDetail, product, user } from '../../db/schema/index.js';
import type { Transact, Work } from '../../db/unit-of-work.js';
import { notFound } from '../../errors.js';
import { type CertificateRequest, issueCertificate } from '../../jobs/certificate.job.js';
import type { Jobs } from '../../jobs/jobs.js';
import { authorize, certificateEarned, type SignedIn } from '../../policies/index.js';
import { type PdfRenderer, pdfTemplate } from '../../providers/pdf/pdf.js';
import type { Storage } from '../../providers/storage.js';

export interface CertificatesDeps {
  db: Db;
  clock: Clock;
  transact: Transact;
  jobs: Jobs;
  storage: Storage;
  pdf: PdfRenderer;
  /** Where the shop is reached: the QR code links to `<publicUrl>/certificate/<number>`. */
  publicUrl: string;
}

/** What the certificate template prints (templates/certificate.typ). */
export interface CertificateData {
  name: string;
  course: string;
  date: string;
  number: string;
  url: string;
}
export const certificateTemplate = pdfTemplate<CertificateData>('certificate.typ');

/** Certificates are stored, and served from /api/certificate/{file}, under the certificate upload kind. */
const FOLDER = 'certificate';
const PICTURES = 'productCertificate';

/** A new certificate number: 16 characters from the CSPRNG in four groups (about 79 bits). */
export function certificateNumber(): string {
  const chars = Array.from({ length: 16 }, () => CERTIFICATE_NO_ALPHABET[randomInt(CERTIFICATE_NO_ALPHABET.length)]);
  return (chars.join('').match(/.{4}/g) as string[]).join('-');
}

/** The name printed on a certificate: title, first and last name in Thai; the nickname or username without them. */
function printedName(u: {
  name_title: string | null;
  name_th: string | null;
  lname_th: string | null;
  nickname: string | null;
  username: string | null;
}): string {
  const full = [`${u.name_title ?? ''}${u.name_th ?? ''}`, u.lname_th ?? ''].filter(Boolean).join(' ').trim();
  if (u.name_th && full) return full;
  // A username may be an e-mail address, which a public page must not show.
  const username = u.username && !u.username.includes('@') ? u.username : null;
  return u.nickname || username || full || '-';
}

async function bytesOf(storage: Storage, folder: string, name: string | null): Promise<Buffer | null> {
  const file = name ? await storage.read(folder, name) : null;
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function certificatesService({ db, clock, transact, jobs, storage, pdf, publicUrl }: CertificatesDeps) {
  /** Asks for a member's certificate of a course, in the caller's unit of work; the job makes it once. */
  const request = (work: Work, wanted: CertificateRequest) => jobs.enqueue(work, issueCertificate, wanted);

  /** The member's latest finished order of the course: the order a certificate belongs to when nobody said. */
  const orderOf = (userId: number, productId: number) => latestPurchase(db, userId, productId);

  /**
   * The job: makes the PDF with the course's certificate picture, the member's name, the course, the Thai date and
   * a number whose QR code opens the public verification page, stores it, and records it in one unit of work with
   * the order's `orders_certificate` and a notification. Once per member and course: a certificate that has its
   * file is left as it is, and two runs at once keep the first one's file (the unique key decides).
   */
  async function issue(wanted: CertificateRequest) {
    switch (wanted.reason) {
      case 'order': {
        const courses = await db
          .select({ user_id: orders.user_id, product_id: ordersDetail.product_id })
          .from(orders)
          .innerJoin(ordersDetail, eq(ordersDetail.orders_id, orders.id))
          .where(eq(orders.id, wanted.orders_id));
        for (const course of courses) await issueOne(course.user_id, course.product_id, wanted.orders_id);
        return;
      }
      case 'staff':
        return issueOne(wanted.user_id, wanted.product_id, wanted.orders_id);
      case 'completed':
        if (await certificateEarned(db, wanted.user_id, wanted.product_id, clock.now())) {
          await issueOne(wanted.user_id, wanted.product_id, null);
        }
        return;
      default:
        unreachable(wanted);
    }
  }

  async function issueOne(userId: number, productId: number, askedOrder: number | null) {
    const now = clock.now();
    const [existing] = await db
      .select()
      .from(certificate)
      .where(and(eq(certificate.user_id, userId), eq(certificate.product_id, productId)));
    const ordersId = askedOrder ?? existing?.orders_id ?? (await orderOf(userId, productId));
    if (existing?.path) {
      // A file staff uploaded for it: keep it, and give it a number if it has none, so it can be verified.
      await transact(async (work) => {
        await work.db
          .update(certificate)
          .set({ certificate_no: sql`coalesce(${certificate.certificate_no}, ${certificateNumber()})` })
          .where(eq(certificate.id, existing.id));
        if (ordersId) await linkOrder(work, existing.id, ordersId);
      });
      return;
    }

    const [member] = await db.select().from(user).where(eq(user.id, userId));
    const [course] = await db.select().from(product).where(eq(product.id, productId));
    if (!member || !course) return;
    const number = existing?.certificate_no ?? certificateNumber();
    const issuedAt = existing ? new Date(toIso(existing.create_at)) : now;
    const url = `${publicUrl}/certificate/${number}`;
    const background = await bytesOf(storage, PICTURES, course.product_img_certificate);
    const qr = Buffer.from(await QRCode.toString(url, { type: 'svg', margin: 0, errorCorrectionLevel: 'M' }));
    const document = await pdf.render(
      certificateTemplate,
      { name: printedName(member), course: course.product_title ?? '', date: thaiLongDate(issuedAt), number, url },
      background ? { background, qr } : { qr },
    );
    const file = `${randomUUID()}.pdf`;
    await storage.put(FOLDER, file, document);

    const at = now.toISOString();
    const kept = await transact(async (work) => {
      const [row] = await work.db
        .insert(certificate)
        .values({
          user_id: userId,
          product_id: productId,
          orders_id: ordersId,
          path: file,
          certificate_no: number,
          create_at: at,
          update_at: at,
        })
        .onConflictDoUpdate({
          target: [certificate.user_id, certificate.product_id],
          set: {
            path: sql`coalesce(${certificate.path}, excluded.path)`,
            certificate_no: sql`coalesce(${certificate.certificate_no}, excluded.certificate_no)`,
            orders_id: sql`coalesce(${certificate.orders_id}, excluded.orders_id)`,
            update_at: at,
          },
        })
        .returning({ id: certificate.id, path: certificate.path, orders_id: certificate.orders_id });
      if (row?.path !== file) return false;
      if (row.orders_id) await linkOrder(work, row.id, row.orders_id);
      await notify(
        work,
        {
          user_id: userId,
          icon: 'check_circle',
          color: 'success',
          to: `/certificate/${number}`,
          message: `ได้รับใบประกาศนียบัตรคอร์ส ${course.product_title ?? ''} เลขที่ ${number}`,
        },
        now,
      );
      return true;
    });
    // Another run recorded its file first: this one is nobody's.
    if (!kept) await storage.remove(FOLDER, file);
  }

  /** The certificate row points at the order, and the order says it has a certificate (spec: orders_certificate). */
  async function linkOrder(work: Work, certificateId: number, ordersId: number) {
    await work.db
      .update(certificate)
      .set({ orders_id: sql`coalesce(${certificate.orders_id}, ${ordersId})` })
      .where(eq(certificate.id, certificateId));
    await work.db.update(orders).set({ orders_certificate: 'Y' }).where(eq(orders.id, ordersId));
  }

  /** certificateFile: the file of an order's certificate, for the order's member and staff (404 otherwise). */
  async function fileOfOrder(actor: SignedIn, ordersId: number): Promise<string> {
    const [found] = await db
      .select({ path: certificate.path, user_id: certificate.user_id })
      .from(certificate)
      .where(eq(certificate.orders_id, ordersId))
      .orderBy(desc(certificate.id))
      .limit(1);
    if (!found?.path) throw notFound();
    await authorize({ db, now: clock.now() }, actor, 'certificate.read', found);
    return found.path;
  }

  /** The public verification: who earned which course and when, by the number on the certificate. */
  async function verify(number: string): Promise<CertificateVerification> {
    const [found] = await db
      .select({
        certificate_no: certificate.certificate_no,
        path: certificate.path,
        create_at: certificate.create_at,
        product_title: product.product_title,
        name_title: user.name_title,
        name_th: user.name_th,
        lname_th: user.lname_th,
        nickname: user.nickname,
        username: user.username,
      })
      .from(certificate)
      .innerJoin(user, eq(user.id, certificate.user_id))
      .innerJoin(product, eq(product.id, certificate.product_id))
      .where(eq(certificate.certificate_no, number));
    // A certificate whose file is still being made is not shown yet: its number is printed on the file.
    if (!found?.certificate_no || !found.path) throw notFound();
    return {
      certificate_no: found.certificate_no,
      name: printedName(found),
      product_title: found.product_title,
      issued_at: toIso(found.create_at),
    };
  }

  return { request, issue, fileOfOrder, verify };
}

export type CertificatesService = ReturnType<typeof certificatesService>;
