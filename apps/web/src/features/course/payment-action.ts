import type { CourseView } from '@sikkha/contract';

/** What the course dialog's payment action area shows (spec §2 "Course detail dialog", the table). */
export type PaymentAction =
  /** The price shows beside the button: a visitor sees what the course costs before signing up. */
  | { kind: 'registerAndBuy'; price: number }
  | { kind: 'payByCard'; ref: string }
  | { kind: 'payByQr'; ref: string }
  | { kind: 'waiting' }
  | { kind: 'comingSoon' }
  | { kind: 'buy'; price: number }
  | { kind: 'owned'; certificate: string | null };

type ActionInput = Pick<CourseView, 'state' | 'wait' | 'certificate'> & {
  product: Pick<CourseView['product'], 'product_disable' | 'product_price'>;
};

/**
 * The row of the spec's table for this caller. A course not yet on sale (product_disable Y, or no price) says
 * 'coming soon' to visitors too: a 'Register & Buy' button for a course nobody can buy would mislead.
 */
export function paymentActionOf(view: ActionInput): PaymentAction {
  switch (view.state) {
    case 'finish':
      return { kind: 'owned', certificate: view.certificate };
    case 'wait':
      if (view.wait?.type === 'credit') return { kind: 'payByCard', ref: view.wait.ref };
      if (view.wait?.type === 'qrcode') return { kind: 'payByQr', ref: view.wait.ref };
      return { kind: 'waiting' };
    case 'notLogin':
    case 'create': {
      const price = view.product.product_price;
      if (view.product.product_disable === 'Y' || price === null) return { kind: 'comingSoon' };
      return { kind: view.state === 'notLogin' ? 'registerAndBuy' : 'buy', price };
    }
    default: {
      const unknown: never = view.state;
      throw new Error(`Unknown course state ${String(unknown)}`);
    }
  }
}

/**
 * The lesson shown first: the one the address asks for (a "resume" link) when it is open to the caller, else where
 * a buyer stopped last time, else the preview (spec §4), else the first one open.
 */
export function initialLessonIndex(
  view: Pick<CourseView, 'lessons' | 'state' | 'lastWatched'>,
  requestedVideoId: number | null = null,
): number {
  const { lessons } = view;
  if (requestedVideoId !== null) {
    const requested = lessons.findIndex((lesson) => lesson.video_id === requestedVideoId && !lesson.locked);
    if (requested >= 0) return requested;
  }
  if (view.state === 'finish' && view.lastWatched) {
    const last = lessons.findIndex((lesson) => lesson.video_id === view.lastWatched?.video_id);
    if (last >= 0) return last;
  }
  const preview = lessons.findIndex((lesson) => lesson.status === 'preview' && !lesson.locked);
  if (preview >= 0) return preview;
  return Math.max(
    0,
    lessons.findIndex((lesson) => !lesson.locked),
  );
}
