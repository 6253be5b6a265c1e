/** The spec opens a course by its title: /product/{product_title}. */
export const coursePath = (title: string) => `/product/${encodeURIComponent(title)}`;

/** A list page opens a course over itself with ?course={id}, so the list stays behind the dialog. */
export const COURSE_PARAM = 'course';
export const courseOverPage = (pathname: string, id: number) => `${pathname}?${COURSE_PARAM}=${id}`;

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
