import { LESSON_PARAM } from '@sikkha/contract/rules/pages';

export { coursePath, LESSON_PARAM } from '@sikkha/contract/rules/pages';

/**
 * A list page opens a course over itself with ?course={id}, so the list (its filters and search kept) stays behind
 * the dialog and closing it comes back there.
 */
export const COURSE_PARAM = 'course';
export function courseOverPage(
  { pathname, search }: { pathname: string; search: string },
  id: number,
  lessonVideoId?: number,
) {
  const params = new URLSearchParams(search);
  params.set(COURSE_PARAM, String(id));
  if (lessonVideoId === undefined) params.delete(LESSON_PARAM);
  else params.set(LESSON_PARAM, String(lessonVideoId));
  return `${pathname}?${params}`;
}

/** The lesson the address asks the course dialog to open at, if any. */
export function lessonRequestOf(search: string): number | null {
  const id = Number(new URLSearchParams(search).get(LESSON_PARAM));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The search results list (Enter in the search box without choosing a course). */
export const SEARCH_PARAM = 'q';
export const SEARCH_RESULTS = '/courses';
export const searchResultsPath = (query: string) =>
  `${SEARCH_RESULTS}?${new URLSearchParams({ [SEARCH_PARAM]: query })}`;
/**
 * What a search asks for: the words typed, in one Unicode form (NFC), so vowel and tone marks typed in a different
 * order compare equal.
 */
export const searchWords = (text: string) => text.normalize('NFC').trim();

/** Which course the address asks to show: /product/{title} (over the home page) or ?course={id} over any page. */
export type CourseRequest = { title: string } | { id: number };

const PRODUCT_PREFIX = '/product/';

export function courseRequestOf(pathname: string, search: string): CourseRequest | null {
  if (pathname.startsWith(PRODUCT_PREFIX) && pathname.length > PRODUCT_PREFIX.length) {
    try {
      return { title: decodeURIComponent(pathname.slice(PRODUCT_PREFIX.length).replace(/\/$/, '')) };
    } catch {
      return null;
    }
  }
  const id = Number(new URLSearchParams(search).get(COURSE_PARAM));
  return Number.isInteger(id) && id > 0 ? { id } : null;
}

/** Link state marking a dialog opened from inside the shop: closing it goes back rather than to a new entry. */
export const OVERLAY_STATE = { overlay: true } as const;

/** A course page's address with this hash opens its order dialog as it loads: the way back to an unfinished order. */
export const ORDER_HASH = '#order';
