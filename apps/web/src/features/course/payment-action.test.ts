import { describe, expect, test } from 'vitest';
import { initialLessonIndex, paymentActionOf } from './payment-action';

const onSale = { product_disable: 'N' as const, product_price: 1990 };
const base = { wait: null, certificate: null, product: onSale };

describe('paymentActionOf: one row of the spec table per situation', () => {
  test('a visitor gets Register & Buy', () => {
    expect(paymentActionOf({ ...base, state: 'notLogin' })).toEqual({ kind: 'registerAndBuy', price: 1990 });
  });
  test('pending by card links to the card page, by QR to the QR page, otherwise waits', () => {
    expect(paymentActionOf({ ...base, state: 'wait', wait: { type: 'credit', ref: 'R1' } })).toEqual({
      kind: 'payByCard',
      ref: 'R1',
    });
    expect(paymentActionOf({ ...base, state: 'wait', wait: { type: 'qrcode', ref: 'R2' } })).toEqual({
      kind: 'payByQr',
      ref: 'R2',
    });
    expect(paymentActionOf({ ...base, state: 'wait', wait: { type: 'transfer', ref: 'R3' } })).toEqual({
      kind: 'waiting',
    });
  });
  test('a course not on sale is coming soon, for members and visitors', () => {
    const disabled = { ...onSale, product_disable: 'Y' as const };
    expect(paymentActionOf({ ...base, state: 'create', product: disabled })).toEqual({ kind: 'comingSoon' });
    expect(paymentActionOf({ ...base, state: 'notLogin', product: disabled })).toEqual({ kind: 'comingSoon' });
    expect(paymentActionOf({ ...base, state: 'create', product: { ...onSale, product_price: null } })).toEqual({
      kind: 'comingSoon',
    });
  });
  test('a member who can buy gets the price', () => {
    expect(paymentActionOf({ ...base, state: 'create' })).toEqual({ kind: 'buy', price: 1990 });
  });
  test('a buyer owns the course, with the certificate when there is one', () => {
    expect(paymentActionOf({ ...base, state: 'finish', certificate: 'c.jpg' })).toEqual({
      kind: 'owned',
      certificate: 'c.jpg',
    });
  });
});

describe('initialLessonIndex', () => {
  const lesson = (video_id: number, status: 'public' | 'private' | 'preview', locked: boolean) => ({
    id: video_id,
    video_id,
    video_name: null,
    video_detail: null,
    video_path: null,
    status,
    item: video_id,
    duration: null,
    locked,
    locked_by_quiz: null,
  });
  const lessons = [lesson(1, 'public', false), lesson(2, 'preview', false), lesson(3, 'private', true)];
  test('the preview plays by default', () => {
    expect(initialLessonIndex({ lessons, state: 'create', lastWatched: null })).toBe(1);
  });
  test('a buyer resumes at the last watched lesson', () => {
    expect(
      initialLessonIndex({ lessons, state: 'finish', lastWatched: { video_id: 3, time_end: 10, event: 'Pause' } }),
    ).toBe(2);
  });
  test('a resume link opens at its lesson, unless that lesson is locked to the caller', () => {
    const lastWatched = { video_id: 3, time_end: 10, event: 'Pause' as const };
    expect(initialLessonIndex({ lessons, state: 'finish', lastWatched }, 1)).toBe(0);
    expect(initialLessonIndex({ lessons, state: 'create', lastWatched: null }, 3)).toBe(1);
    expect(initialLessonIndex({ lessons, state: 'create', lastWatched: null }, 99)).toBe(1);
  });
  test('no lessons: index 0', () => {
    expect(initialLessonIndex({ lessons: [], state: 'notLogin', lastWatched: null })).toBe(0);
  });
});
