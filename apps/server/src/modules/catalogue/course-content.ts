import { type CourseView, isDocument } from '@sikkha/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import * as s from '../../db/schema/index.js';

/**
 * What a course shows everyone, read in one round: its lessons in order, its tabs (texts and documents), its study
 * groups (their links are the buyers'), and its coaches with their lines and awards.
 */
export async function courseContent(db: Db, productId: number) {
  const coachIds = db
    .select({ id: s.productCoach.coach_id })
    .from(s.productCoach)
    .where(eq(s.productCoach.product_id, productId));
  const [lessons, texts, items, groups, coaches, lines, awards] = await Promise.all([
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
  ]);

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
    lessons,
    tabs: [...tabs.values()].sort((a, b) => a.id - b.id),
    groups,
    coaches: coaches.map((c) => ({
      ...c,
      lines: lines.filter((l) => l.coach_id === c.id).map((l) => l.text ?? ''),
      awards: awards.filter((a) => a.coach_id === c.id).map((a) => a.award ?? ''),
    })),
  };
}
