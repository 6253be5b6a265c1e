/** A course whose status is this is on sale to nobody: visitors and members never see it or anything in it. */
export const HIDDEN_PRODUCT_STATUS = 'Hide';

/** Whether a course is on show to shoppers (staff see every course). */
export function isOnShow(product: { product_status: string | null }): boolean {
  return product.product_status !== HIDDEN_PRODUCT_STATUS;
}

/** The longest search the server takes; the storefront's field cuts what is typed to it. */
export { SEARCH_MAX_LENGTH } from '../constants.js';
