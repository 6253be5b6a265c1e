import { serverFields } from '@sikkha/contract';
import type { QueryValue } from '../api/client';

type Row = Record<string, unknown>;

/** How one back-office resource reaches the API: its engine resource, fixed filters, lookups for some filters. */
export interface ResourceApi {
  /** The engine resource (`category` for GET /api/category, /api/categoryById, POST and DELETE /api/category). */
  base: string;
  /** The list call for a filter: the engine's list, or a `By<Field>` lookup or a hand-written route. */
  list(filter: Record<string, QueryValue>): { path: string; query: Record<string, QueryValue> };
  /** Lists of hand-written routes take no sort. */
  sortable?: boolean;
  /** The call that reads one row by `id`, when it is not the engine's `<base>ById` (an order's full view). */
  one?: string;
  fromServer<R>(row: R): R;
  toServer(row: Row): Row;
}

const same = <R>(row: R) => row;
/** Fields the server owns are never sent (the engine drops them anyway): a form cannot pretend to change them. */
const withoutServerFields = (row: Row) =>
  Object.fromEntries(Object.entries(row).filter(([k]) => !(serverFields as readonly string[]).includes(k)));

export const plain = (base: string, fixed: Record<string, QueryValue> = {}): ResourceApi => ({
  base,
  list: (filter) => ({ path: base, query: { ...filter, ...fixed } }),
  fromServer: same,
  toServer: withoutServerFields,
});

/** An order list of the back office: ordersReview with the screen's fixed filter; nothing writes through it. */
function ordersOf(fixed: Record<string, QueryValue> = {}): ResourceApi {
  return {
    ...plain('orders'),
    list: (filter) => ({ path: 'ordersReview', query: { ...filter, ...fixed } }),
    one: 'ordersView',
  };
}

/**
 * Back-office resources whose name is not the engine's resource. The wrong plurals of the generic back office
 * (coachesById, usersById) came from guessing; every reference now names one of these or an engine resource.
 */
const special: Record<string, ResourceApi> = {
  // Members of the groups of one channel: the engine's lookup through productGroup.
  userProductGroup: {
    ...plain('userProductGroup'),
    list: ({ product_group_type, ...rest }) =>
      product_group_type
        ? { path: 'userProductGroupByGroupType', query: { product_group_type, ...rest } }
        : { path: 'userProductGroup', query: rest },
  },
  userProductGroupExpire: {
    ...plain('userProductGroup'),
    list: () => ({ path: 'userProductGroupExpire', query: {} }),
    sortable: false,
  },
  logCoin: plain('logPoint'),
  // The order screens read staff's order list (member, course, slip check in each row) and an order's full view.
  orders: ordersOf(),
  ordersConfirm: ordersOf({ orders_status: 'wait' }),
  ordersExpire: ordersOf({ orders_status: 'cancel' }),
};

/** Other helpers' screens add theirs here (ordersConfirm, ordersExpire, ...). */
export function registerResourceApi(name: string, api: ResourceApi) {
  special[name] = api;
}

export const apiOf = (resource: string): ResourceApi => special[resource] ?? plain(resource);
