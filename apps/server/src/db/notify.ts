import { SHOP_NAME } from '@sikkha/contract';
import { notification } from './schema/index.js';
import type { Work } from './unit-of-work.js';

/** What the shop tells one member in the app: a line in their bell, which opens `to` when there is one. */
export interface Notice {
  user_id: number;
  /** A Material icon name, or a group channel's (line, facebook, ...). */
  icon: string;
  color?: string | undefined;
  to?: string | undefined;
  message: string;
  image?: string | null | undefined;
  /** The staff account that wrote it (a broadcast); the shop's own notices have none. */
  by?: number | null | undefined;
}

/**
 * Adds the shop's notices to members' bells in the caller's unit of work, unread, so a notice is never sent about a
 * change that rolled back. The row has a foreign key to the member: whoever also locks that member's row (the coin
 * ledger) must do so first.
 */
export async function notify(work: Work, notices: Notice | readonly Notice[], at: Date) {
  const list = Array.isArray(notices) ? notices : [notices as Notice];
  if (list.length === 0) return;
  const stamp = at.toISOString();
  await work.db.insert(notification).values(
    list.map((n) => ({
      user_id: n.user_id,
      notification_status: 'Y' as const,
      notification_from: SHOP_NAME,
      notification_icon: n.icon,
      notification_color: n.color ?? null,
      notification_to: n.to ?? null,
      notification_message: n.message,
      notification_image: n.image ?? null,
      create_by: n.by ?? null,
      create_at: stamp,
      update_at: stamp,
    })),
  );
}
