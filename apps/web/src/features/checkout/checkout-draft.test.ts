import { describe, expect, test } from 'vitest';
import {
  type CheckoutDraft,
  checkoutDraftFor,
  DRAFT_MINUTES,
  dropCheckoutDraft,
  saveCheckoutDraft,
} from './checkout-draft';
import type { OrderForm } from './order-form';

/** The browser's Storage, as sessionStorage behaves: strings in, strings out. */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

const values = { orders_payment_type_id: 4, receipt: true, card_id: '1101700207030' } as OrderForm;
const draft: Omit<CheckoutDraft, 'savedAt'> = {
  userId: 7,
  productId: 3,
  path: '/product/%E0%B8%84%E0%B8%AD%E0%B8%A3%E0%B9%8C%E0%B8%AA',
  values,
  couponCode: 'SAVE10',
};

describe('the checkout draft', () => {
  test('comes back for the same member while fresh, with every choice', () => {
    const store = new MemoryStorage();
    saveCheckoutDraft(draft, 1_000, store);
    expect(checkoutDraftFor(7, 1_000 + DRAFT_MINUTES * 60_000, store)).toEqual({ ...draft, savedAt: 1_000 });
  });

  test('another member signing in on the tab, or a stale draft, drops it', () => {
    const store = new MemoryStorage();
    saveCheckoutDraft(draft, 0, store);
    expect(checkoutDraftFor(8, 0, store)).toBeNull();
    expect(checkoutDraftFor(7, 0, store)).toBeNull();
    saveCheckoutDraft(draft, 0, store);
    expect(checkoutDraftFor(7, DRAFT_MINUTES * 60_000 + 1, store)).toBeNull();
    expect(store.length).toBe(0);
  });

  test('a damaged or foreign value is dropped, and a path off the site is never followed', () => {
    const store = new MemoryStorage();
    store.setItem('sikkha.checkoutDraft', '{not json');
    expect(checkoutDraftFor(7, 0, store)).toBeNull();
    saveCheckoutDraft({ ...draft, path: '//evil.example/x' }, 0, store);
    expect(checkoutDraftFor(7, 0, store)).toBeNull();
    saveCheckoutDraft({ ...draft, path: 'https://evil.example/' }, 0, store);
    expect(checkoutDraftFor(7, 0, store)).toBeNull();
    saveCheckoutDraft(draft, 0, store);
    dropCheckoutDraft(store);
    expect(checkoutDraftFor(7, 0, store)).toBeNull();
  });
});
