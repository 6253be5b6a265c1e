import type { OrderForm } from './order-form';

/**
 * The order dialog's choices when the member's sign-in ended under it: the method, the receipt fields, the slip,
 * the coupon's code. Kept in this tab only (sessionStorage), for one member and one course, and for a short while;
 * signing in again as that member brings them back once, on the same course page.
 */
export interface CheckoutDraft {
  userId: number;
  productId: number;
  /** The course page the dialog was opened on, where the member is taken back to. */
  path: string;
  values: OrderForm;
  couponCode: string | null;
  savedAt: number;
}

const KEY = 'sikkha.checkoutDraft';
/** Long enough to find a password and sign in again; past that the choices are likely stale. */
export const DRAFT_MINUTES = 30;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // A browser that refuses storage (some private modes) keeps no draft.
    return null;
  }
}

export function saveCheckoutDraft(draft: Omit<CheckoutDraft, 'savedAt'>, now = Date.now(), store = storage()) {
  try {
    store?.setItem(KEY, JSON.stringify({ ...draft, savedAt: now }));
  } catch {
    // Full or refused storage: the member chooses again, as before.
  }
}

function isDraft(value: unknown): value is CheckoutDraft {
  if (typeof value !== 'object' || value === null) return false;
  const d = value as Record<string, unknown>;
  return (
    typeof d.userId === 'number' &&
    typeof d.productId === 'number' &&
    typeof d.path === 'string' &&
    d.path.startsWith('/') &&
    !d.path.startsWith('//') &&
    typeof d.values === 'object' &&
    d.values !== null &&
    (d.couponCode === null || typeof d.couponCode === 'string') &&
    typeof d.savedAt === 'number'
  );
}

/**
 * The draft kept for this member, if it is still fresh; one for another member (someone else signed in on this
 * tab) or an old one is dropped.
 */
export function checkoutDraftFor(userId: number, now = Date.now(), store = storage()): CheckoutDraft | null {
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(store?.getItem(KEY) ?? 'null');
  } catch {
    parsed = null;
  }
  if (!isDraft(parsed)) {
    if (parsed !== null) dropCheckoutDraft(store);
    return null;
  }
  if (parsed.userId !== userId || now - parsed.savedAt > DRAFT_MINUTES * 60_000) {
    dropCheckoutDraft(store);
    return null;
  }
  return parsed;
}

export function dropCheckoutDraft(store = storage()) {
  try {
    store?.removeItem(KEY);
  } catch {
    // Nothing to drop.
  }
}
