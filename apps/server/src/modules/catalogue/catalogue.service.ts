import { type CourseView, isDocument, product as productEntity } from '@sikkha/contract';
import { remainingDays } from '@sikkha/contract/rules';
import { and, asc, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { contains } from '../../db/like.js';
import { rowColumns } from '../../db/projection.js';
import * as s from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import {
  type Actor,
  buyerContentOpen,
  courseStateOf,
  coursesOf,
  lessonGates,
  lessonLocked,
  productsVisibleTo,
} from '../../policies/index.js';

type ProductRow = z.infer<typeof productEntity.row>;
const productColumns = rowColumns(productEntity, s.product);

async function findProduct(db: Db, actor: Actor, by: { id?: number; title?: string }) {
  const match = by.id !== undefined ? eq(s.product.id, by.id) : eq(s.product.product_title, by.title!);
  const [row] = await db
    .select(productColumns)
    .from(s.product)
    .where(and(match, productsVisibleTo(actor)))
    .limit(1);
  if (!row) throw notFound();
  return row as unknown as ProductRow;
}

/**
 * The course dialog's whole content for this caller in one round of reads, instead of the spec's nine calls in a
 * row: lessons with their locks, tabs with texts and documents, study groups, coaches, and the member's state.
 */
async function courseView(db: Db, actor: Actor, by: { id?: number; title?: string }, now: Date): Promise<CourseView> {
  const product = await findProduct(db, actor, by);
  const productId = product.id;
  const member = actor.kind === 'member' ? actor.id : undefined;
  const coachIds = db
    .select({ id: s.productCoach.coach_id })
    .from(s.productCoach)
    .where(eq(s.productCoach.product_id, productId));

  const [lessons, texts, items, groups, coaches, lines, awards, owned, certificate, codes, last] = await Promise.all([
    db
      .select({
        id: s.videoList.id,
        video_id: s.videoList.video_id,
        status: s.videoList.video_list_status,
        item: s.videoList.video_list_item,
        video_name: s.video.video_name,
        video_detail: s.video.video_detail,
        video_path: s.video.video_path,
        duration: s.video.video_duration,
      })
      .from(s.videoList)
      .innerJoin(s.video, eq(s.video.id, s.videoList.video_id))
      .where(eq(s.videoList.product_id, productId))
      .orderBy(asc(s.videoList.video_list_item), asc(s.videoList.id)),
    db
      .select({
        type: s.productDetailType.id,
        name: s.productDetailType.product_detail_tab_name,
        text: s.productDetailText.product_detail_text_value,
      })
      .from(s.productDetailText)
      .innerJoin(s.productDetailType, eq(s.productDetailType.id, s.productDetailText.product_detail_type_id))
      .where(eq(s.productDetailText.product_id, productId))
      .orderBy(asc(s.productDetailText.id)),
    db
      .select({
        id: s.productDetailList.id,
        type: s.productDetailType.id,
        name: s.productDetailType.product_detail_tab_name,
        title: s.productDetailList.product_detail_list_title,
        detail: s.productDetailList.product_detail_list_detail,
        file: s.productDetailList.product_detail_list_file,
        img: s.productDetailList.product_detail_list_img,
      })
      .from(s.productDetailList)
      .innerJoin(s.productDetailType, eq(s.productDetailType.id, s.productDetailList.product_detail_type_id))
      .where(eq(s.productDetailList.product_id, productId))
      .orderBy(asc(s.productDetailList.product_detail_list_item), asc(s.productDetailList.id)),
    db
      .select({ id: s.productGroup.id, type: s.productGroup.product_group_type, url: s.productGroup.product_group_url })
      .from(s.productGroup)
      .where(and(eq(s.productGroup.product_id, productId), eq(s.productGroup.product_group_hide, 'N')))
      .orderBy(asc(s.productGroup.id)),
    db.select().from(s.coach).where(inArray(s.coach.id, coachIds)).orderBy(asc(s.coach.id)),
    db
      .select({ coach_id: s.coachDetailList.coach_id, text: s.coachDetailList.coach_detail_text })
      .from(s.coachDetailList)
      .where(inArray(s.coachDetailList.coach_id, coachIds))
      .orderBy(asc(s.coachDetailList.coach_detail_item), asc(s.coachDetailList.id)),
    db
      .select({ coach_id: s.coachStatus.coach_id, award: s.coachStatus.award })
      .from(s.coachStatus)
      .where(inArray(s.coachStatus.coach_id, coachIds))
      .orderBy(asc(s.coachStatus.id)),
    member === undefined ? null : coursesOf(db, member, now),
    member === undefined
      ? []
      : db
          .select({ path: s.certificate.path })
          .from(s.certificate)
          .where(and(eq(s.certificate.user_id, member), eq(s.certificate.product_id, productId)))
          .orderBy(desc(s.certificate.id))
          .limit(1),
    member === undefined
      ? []
      : db
          .select({ group: s.userProductGroup.product_group_id, code: s.userProductGroup.user_product_group_code })
          .from(s.userProductGroup)
          .innerJoin(s.productGroup, eq(s.productGroup.id, s.userProductGroup.product_group_id))
          .where(
            and(
              eq(s.userProductGroup.user_id, member),
              eq(s.productGroup.product_id, productId),
              ne(s.userProductGroup.remove_by, 'Y'),
            ),
          ),
    member === undefined
      ? []
      : db
          .select({
            video_id: s.videoStatistics.video_id,
            time_end: s.videoStatistics.time_end,
            event: s.videoStatistics.event,
          })
          .from(s.videoStatistics)
          .where(and(eq(s.videoStatistics.user_id, member), eq(s.videoStatistics.product_id, productId)))
          .orderBy(desc(s.videoStatistics.id))
          .limit(1),
  ]);

  const finished = owned?.finished.find((c) => c.product_id === productId);
  const waiting = owned?.waiting.find((c) => c.product_id === productId);
  const state = courseStateOf(actor, owned, productId);
  const unlocked = buyerContentOpen(actor, state);
  const gates = member !== undefined && state === 'finish' ? await lessonGates(db, member, productId) : null;

  const tabs = new Map<number, CourseView['tabs'][number]>();
  const tabOf = (id: number, name: string) => {
    let tab = tabs.get(id);
    if (!tab) {
      tab = { id, name, text: null, items: [] };
      tabs.set(id, tab);
    }
    return tab;
  };
  for (const t of texts) tabOf(t.type, t.name).text = t.text;
  for (const i of items) {
    tabOf(i.type, i.name).items.push({
      id: i.id,
      title: i.title,
      detail: i.detail,
      file: i.file,
      img: i.img,
      document: isDocument(i.file),
    });
  }

  return {
    product,
    state,
    remainingDays: finished ? remainingDays(finished.day, finished.count) : null,
    wait: waiting ? { type: waiting.payment, ref: waiting.ref } : null,
    certificate: certificate[0]?.path ?? null,
    lessons: lessons.map((l) => ({
      ...l,
      status: l.status as CourseView['lessons'][number]['status'],
      locked: lessonLocked(actor, state, l.status) || (gates?.has(l.video_id) ?? false),
      locked_by_quiz: gates?.get(l.video_id) ?? null,
    })),
    tabs: [...tabs.values()].sort((a, b) => a.id - b.id),
    groups: groups.map((g) => ({
      id: g.id,
      type: g.type as CourseView['groups'][number]['type'],
      url: unlocked ? g.url : null,
      code: codes.find((c) => c.group === g.id)?.code ?? null,
    })),
    coaches: coaches.map((c) => ({
      ...c,
      lines: lines.filter((l) => l.coach_id === c.id).map((l) => l.text ?? ''),
      awards: awards.filter((a) => a.coach_id === c.id).map((a) => a.award ?? ''),
    })),
    lastWatched: last[0]
      ? { ...last[0], event: last[0].event as NonNullable<CourseView['lastWatched']>['event'] }
      : null,
  };
}

/**
 * Courses whose title, tags or description contain the words typed, anywhere: Thai is written without spaces, so a
 * word sits inside a longer string and prefix matching would miss it. Title matches rank first.
 */
async function searchProducts(db: Db, actor: Actor, q: string, limit: number) {
  const words = q.split(/\s+/).filter(Boolean).slice(0, 5);
  const everyWord = and(
    ...words.map((w) =>
      or(
        contains(s.product.product_title, w),
        contains(s.product.product_tag, w),
        contains(s.product.product_detail, w),
      ),
    ),
  );
  const inTitle = and(...words.map((w) => contains(s.product.product_title, w)));
  const rows = await db
    .select(productColumns)
    .from(s.product)
    .where(and(everyWord, productsVisibleTo(actor)))
    .orderBy(sql`CASE WHEN ${inTitle} THEN 0 ELSE 1 END`, asc(s.product.product_title))
    .limit(limit);
  return rows as unknown as ProductRow[];
}

/** The catalogue's hand-written reads: the course dialog in one request, and course search. */
export function catalogueService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    courseView: (actor: Actor, by: { id?: number; title?: string }) => courseView(db, actor, by, clock.now()),
    search: (actor: Actor, q: string, limit: number) => searchProducts(db, actor, q, limit),
  };
}

export type CatalogueService = ReturnType<typeof catalogueService>;
