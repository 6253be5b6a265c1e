import type { AdminResource } from './resources/types';

export interface MenuEntry {
  /** The page under /admin (spec 2 §2). */
  path: string;
  /** Its title key under admin.pages. */
  page: string;
  /** The resource whose list the page is; the entry is a link once that resource has a list. */
  resource?: string;
  /** Pages that are not a resource's list (the Send screen). */
  custom?: boolean;
  /** The count of orders waiting for staff (a slip to check, a payment after cancellation) shows on this entry. */
  badge?: boolean;
}

/** The sidebar as the spec lists it: groups and routes, in order (plus the player's advert, under video). */
export const sidebar: { group: string; entries: MenuEntry[] }[] = [
  {
    group: 'member',
    entries: [
      { path: 'user', page: 'user' },
      { path: 'coach', page: 'coach' },
      { path: 'personnel', page: 'personnel' },
    ],
  },
  {
    group: 'order',
    entries: [
      { path: 'ordersConfirm', page: 'ordersConfirm', badge: true },
      { path: 'orders', page: 'orders' },
      { path: 'ordersExpire', page: 'ordersExpire' },
      { path: 'ordersReconcile', page: 'ordersReconcile', custom: true },
      // Not in the spec's sidebar (#23): the month's e-Tax documents and their archive for the Revenue Department.
      { path: 'etax', page: 'etax', custom: true },
      // Not in the spec's sidebar (#22.10): staff turn payment types on and off here instead of by API.
      { path: 'ordersPaymentType', page: 'ordersPaymentType' },
    ],
  },
  {
    group: 'product',
    entries: [
      { path: 'category', page: 'category' },
      { path: 'product', page: 'product' },
      // The seed's `test` entry (spec 2 §2 names it, with no route): the courses' tests (quizzes, #24).
      { path: 'test', page: 'test', custom: true },
      // The seed's userComment (spec 2 §2, its route not shown): the moderation of course reviews (#24).
      { path: 'userComment', page: 'userComment', custom: true },
    ],
  },
  { group: 'discount', entries: [{ path: 'coupon', page: 'coupon' }] },
  { group: 'news', entries: [{ path: 'news', page: 'news' }] },
  {
    group: 'video',
    // The player's advert (issue #9) is not in the spec's sidebar; it sits with the videos it shows over.
    entries: [
      { path: 'video', page: 'video' },
      { path: 'advert', page: 'advert' },
    ],
  },
  {
    group: 'group',
    entries: [
      {
        path: 'userProductGroup/facebook',
        page: 'userProductGroupFacebook',
        resource: 'userProductGroup',
        custom: true,
      },
      { path: 'userProductGroup/line', page: 'userProductGroupLine', resource: 'userProductGroup', custom: true },
      { path: 'userProductGroupExpire', page: 'userProductGroupExpire' },
    ],
  },
  { group: 'send', entries: [{ path: 'send', page: 'send', custom: true }] },
  {
    group: 'coin',
    entries: [
      { path: 'couponPoint', page: 'couponPoint' },
      { path: 'logCoin', page: 'logCoin' },
    ],
  },
  // Not in the spec's sidebar (#22.10): the help page's questions and answers.
  { group: 'help', entries: [{ path: 'question', page: 'question' }] },
];

/**
 * The seed's sidebar also names `courses` and `speaker` (spec 2 §2, routes not shown): they are the course and coach
 * screens, which the sidebar lists as `product` (คอร์สเรียน) and `coach` (ผู้สอน). Their addresses open those screens
 * rather than adding a second entry for each to the sidebar.
 */
export const menuAliases = { courses: 'product', speaker: 'coach' } as const;

/** Whether the page exists yet: a resource with a list, or a custom page registered with the app. */
export function isBuilt(entry: MenuEntry, resources: readonly AdminResource[], customPages: readonly string[]) {
  if (entry.custom) return customPages.includes(entry.path);
  const name = entry.resource ?? entry.path;
  return resources.some((r) => r.name === name && r.list);
}
