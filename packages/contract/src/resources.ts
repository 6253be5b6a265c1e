import * as e from './entities/index.js';
import type { Entity } from './entity.js';

/**
 * Who may read a resource: anyone; a member their own rows (staff all); staff only.
 * Who may write: staff; a member their own rows (staff all); nobody through the generic routes (a service does).
 */
export type ReadPolicy = 'public' | 'owner' | 'staff';
export type WritePolicy = 'staff' | 'owner' | 'none';

/**
 * GET /api/{resource}{suffix}?field=…: rows matching every field. With `through`, the match is made in another
 * resource: rows whose `column` is in (select `key` from `through.resource` where fields match).
 */
export interface Lookup {
  suffix: string;
  fields: readonly string[];
  through?: { resource: string; key: string; column: string };
}

export interface Resource {
  name: string;
  entity: Entity;
  read: ReadPolicy;
  write: WritePolicy;
  lookups?: readonly Lookup[];
  /** For owner policies: the column naming the member, or the parent resource that does. */
  owner?: { column: string } | { via: string; column: string };
  /** Fields only staff see (video sources, private group links). */
  staffFields?: readonly string[];
  /** With write 'owner': the only fields a member may change on an existing row. */
  memberFields?: readonly string[];
  /**
   * With write 'owner' (required there): how many rows a member may hold; they create and delete their own.
   * 0: a member never creates or deletes one, only changes the rows staff made for them (within `memberFields`).
   */
  memberQuota?: number;
  /**
   * Rows as visible as a course: the course itself, the course a column names, or the courses that link to the row
   * through another resource (`via`, itself in a course, whose `column` names this row): a lesson is seen while a
   * course on show lists it. Visitors and members never see a hidden course, nor anything in it. Rows that several
   * courses only refer to (a coach, a tab type) stand on their own.
   */
  course?: 'self' | { column: string } | { via: string; column: string };
  /** Fields the generic routes never write: a coin balance moves only through its ledger, a status with orders. */
  readOnlyFields?: readonly string[];
  /** Rows are only ever added (a ledger): no update and no delete through the generic routes. */
  appendOnly?: boolean;
  /** POST /api/{resource}Update does what POST /api/{resource} does; the old client calls it. */
  updateAlias?: boolean;
  /** GET /api/{resource}Limit?limit=N: the first N rows in the default order (latest news). */
  limitRoute?: boolean;
  /** Default sort: newest first for feeds, otherwise by an ordering field or id. */
  sort?: { field: string; order: 'asc' | 'desc' };
}

const by = (suffix: string, ...fields: string[]): Lookup => ({ suffix, fields });
const mine = { column: 'user_id' } as const;
const inCourse = { column: 'product_id' } as const;

export const resources = [
  { name: 'category', entity: e.category, read: 'public', write: 'staff' },
  { name: 'coach', entity: e.coach, read: 'public', write: 'staff' },
  {
    name: 'coachDetailList',
    entity: e.coachDetailList,
    read: 'public',
    write: 'staff',
    lookups: [by('ByCoachId', 'coach_id')],
    sort: { field: 'coach_detail_item', order: 'asc' },
  },
  {
    name: 'coachStatus',
    entity: e.coachStatus,
    read: 'public',
    write: 'staff',
    lookups: [by('ByCoachId', 'coach_id')],
  },
  {
    name: 'productCoach',
    entity: e.productCoach,
    read: 'public',
    write: 'staff',
    course: inCourse,
    lookups: [by('ByCoachId', 'coach_id'), by('ByProductId', 'product_id')],
  },
  {
    name: 'product',
    entity: e.product,
    read: 'public',
    write: 'staff',
    course: 'self',
    lookups: [
      {
        suffix: 'ByVideoId',
        fields: ['video_id'],
        through: { resource: 'videoList', key: 'product_id', column: 'id' },
      },
    ],
  },
  { name: 'productDetailType', entity: e.productDetailType, read: 'public', write: 'staff' },
  {
    name: 'productDetailList',
    entity: e.productDetailList,
    read: 'public',
    write: 'staff',
    course: inCourse,
    lookups: [by('ByProductId', 'product_id'), by('ByProductDetailTypeId', 'product_detail_type_id')],
    sort: { field: 'product_detail_list_item', order: 'asc' },
  },
  {
    name: 'productDetailText',
    entity: e.productDetailText,
    read: 'public',
    write: 'staff',
    course: inCourse,
    lookups: [by('ByProductId', 'product_id'), by('ByProductDetailTypeId', 'product_detail_type_id')],
  },
  { name: 'question', entity: e.question, read: 'public', write: 'staff', sort: { field: 'item', order: 'asc' } },
  {
    name: 'productGroup',
    entity: e.productGroup,
    read: 'public',
    write: 'staff',
    course: inCourse,
    lookups: [by('ByProductId', 'product_id')],
    staffFields: ['product_group_url'],
    updateAlias: true,
  },
  {
    name: 'news',
    entity: e.news,
    read: 'public',
    write: 'staff',
    limitRoute: true,
    sort: { field: 'id', order: 'desc' },
  },
  { name: 'newsImage', entity: e.newsImage, read: 'public', write: 'staff', lookups: [by('ByNewsId', 'news_id')] },
  {
    name: 'video',
    entity: e.video,
    read: 'public',
    write: 'staff',
    course: { via: 'videoList', column: 'video_id' },
    // Sources reach viewers only through GET /api/playback, which checks the lesson's right.
    staffFields: ['video_content_id', 'video_HLS', 'video_iframe', 'video_embed', 'video_file', 'video_status_reason'],
    lookups: [
      {
        suffix: 'ByProductId',
        fields: ['product_id'],
        through: { resource: 'videoList', key: 'video_id', column: 'id' },
      },
    ],
  },
  // The player's advert overlay: the newest row shown (`advert_show` Y) is the advert, none means no overlay.
  { name: 'advert', entity: e.advert, read: 'public', write: 'staff' },
  {
    name: 'videoList',
    entity: e.videoList,
    read: 'public',
    write: 'staff',
    course: inCourse,
    lookups: [by('ByProductId', 'product_id'), by('ByVideoId', 'video_id')],
    updateAlias: true,
    sort: { field: 'video_list_item', order: 'asc' },
  },
  {
    name: 'videoStatistics',
    entity: e.videoStatistics,
    read: 'owner',
    // Rows come only from the playback service, which checks the lesson and bounds the times.
    write: 'none',
    owner: mine,
    lookups: [by('ByUserIdAndProductId', 'user_id', 'product_id'), by('ByUserId', 'user_id')],
  },
  {
    name: 'userProductGroup',
    entity: e.userProductGroup,
    read: 'owner',
    write: 'staff',
    owner: mine,
    lookups: [
      by('ByUserId', 'user_id'),
      {
        suffix: 'ByProductId',
        fields: ['product_id'],
        through: { resource: 'productGroup', key: 'id', column: 'product_group_id' },
      },
      // The back office's Facebook and LINE group pages.
      {
        suffix: 'ByGroupType',
        fields: ['product_group_type'],
        through: { resource: 'productGroup', key: 'id', column: 'product_group_id' },
      },
    ],
  },
  {
    name: 'certificate',
    entity: e.certificate,
    read: 'owner',
    write: 'staff',
    readOnlyFields: ['certificate_no'],
    owner: mine,
    lookups: [
      by('ByOrderId', 'orders_id'),
      by('ByUserIdAndProductId', 'user_id', 'product_id'),
      by('ByProductId', 'product_id'),
      by('ByUserId', 'user_id'),
    ],
  },
  {
    name: 'notification',
    entity: e.notification,
    read: 'owner',
    write: 'owner',
    owner: mine,
    memberFields: ['notification_status'],
    // Notifications come from the shop: a member only marks theirs read.
    memberQuota: 0,
    lookups: [by('FindByUserId', 'user_id')],
    sort: { field: 'id', order: 'desc' },
  },
  // The status follows the member's orders (rules/member-status.ts), as the balance follows the coin ledger.
  { name: 'user', entity: e.user, read: 'staff', write: 'staff', readOnlyFields: ['point', 'status'] },
  {
    name: 'userDetail',
    entity: e.userDetail,
    read: 'owner',
    write: 'owner',
    owner: mine,
    memberQuota: 5,
    lookups: [by('ByUserId', 'user_id')],
  },
  { name: 'personnel', entity: e.personnel, read: 'staff', write: 'staff', lookups: [by('ByUsername', 'username')] },
  {
    name: 'orders',
    entity: e.orders,
    read: 'owner',
    write: 'none',
    owner: mine,
    lookups: [by('ByUserId', 'user_id'), by('ByStatus', 'orders_status')],
    sort: { field: 'id', order: 'desc' },
  },
  {
    name: 'ordersDetail',
    entity: e.ordersDetail,
    read: 'owner',
    write: 'none',
    owner: { via: 'orders', column: 'orders_id' },
    lookups: [by('ByOrderId', 'orders_id'), by('ByProductId', 'product_id'), by('ByCouponId', 'coupon_id')],
  },
  { name: 'ordersPaymentType', entity: e.ordersPaymentType, read: 'public', write: 'staff' },
  { name: 'coupon', entity: e.coupon, read: 'staff', write: 'staff', lookups: [by('ByProductId', 'product_id')] },
  {
    name: 'couponEmail',
    entity: e.couponEmail,
    read: 'staff',
    // Created and removed by the coupons module: removal marks remove_by Y, re-adding restores the row.
    write: 'none',
    lookups: [by('ByCouponId', 'coupon_id')],
  },
  {
    name: 'couponProduct',
    entity: e.couponProduct,
    read: 'staff',
    // Created and removed by the coupons module: removal marks remove_by Y, re-adding restores the row.
    write: 'none',
    lookups: [by('ByCouponId', 'coupon_id')],
  },
  {
    name: 'couponPoint',
    entity: e.couponPoint,
    read: 'owner',
    write: 'staff',
    owner: mine,
    lookups: [by('ByUserId', 'user_id')],
  },
  {
    name: 'logPoint',
    entity: e.logPoint,
    read: 'owner',
    write: 'staff',
    appendOnly: true,
    owner: mine,
    lookups: [by('ByUserId', 'user_id')],
    sort: { field: 'id', order: 'desc' },
  },
] as const satisfies readonly Resource[];

export type ResourceName = (typeof resources)[number]['name'];

export function findResource(name: string): Resource | undefined {
  return (resources as readonly Resource[]).find((r) => r.name === name);
}
