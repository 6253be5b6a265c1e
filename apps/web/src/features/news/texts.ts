import { type Bilingual, defineTexts, type Lang } from '../../i18n/texts';

/** The news pages' own words, kept in their lazy chunk rather than the first-load i18n resources. */
const newsTexts: Bilingual<{
  news: string;
  allNews: string;
  latest: string;
  seeAll: string;
  empty: string;
  loadError: string;
  back: string;
  notFoundTitle: string;
  notFoundText: string;
  gallery: string;
  tags: string;
  pager: string;
  page: (page: number) => string;
  previous: string;
  next: string;
  imageMissing: string;
}> = {
  th: {
    news: 'ข่าวสาร',
    allNews: 'ข่าวสารทั้งหมด',
    latest: 'ข่าวสารล่าสุด',
    seeAll: 'ดูข่าวสารทั้งหมด',
    empty: 'ยังไม่มีข่าวสาร',
    loadError: 'โหลดข่าวสารไม่สำเร็จ',
    back: 'กลับไปหน้าข่าวสาร',
    notFoundTitle: 'ไม่พบข่าวนี้',
    notFoundText: 'ข่าวที่คุณต้องการอาจถูกลบไปแล้ว หรือลิงก์ไม่ถูกต้อง',
    gallery: 'ภาพประกอบ',
    tags: 'แท็ก',
    pager: 'เลือกหน้าข่าวสาร',
    page: (page) => `หน้า ${page}`,
    previous: 'หน้าก่อนหน้า',
    next: 'หน้าถัดไป',
    imageMissing: 'ไม่มีรูปภาพ',
  },
  en: {
    news: 'News',
    allNews: 'All news',
    latest: 'Latest news',
    seeAll: 'See all news',
    empty: 'No news yet.',
    loadError: 'Could not load the news',
    back: 'Back to news',
    notFoundTitle: 'News not found',
    notFoundText: 'This news item may have been removed, or the link is wrong.',
    gallery: 'Pictures',
    tags: 'Tags',
    pager: 'News pages',
    page: (page) => `Page ${page}`,
    previous: 'Previous page',
    next: 'Next page',
    imageMissing: 'No image',
  },
};

const dateFormats = {
  // th-TH writes Buddhist-era years (22 พฤศจิกายน 2569), as Thai readers expect.
  th: new Intl.DateTimeFormat('th-TH', { dateStyle: 'long', timeZone: 'Asia/Bangkok' }),
  en: new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Asia/Bangkok' }),
};

export const useNewsTexts = defineTexts('news', newsTexts);

export function formatNewsDate(iso: string | null | undefined, lang: Lang): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormats[lang].format(date);
}
