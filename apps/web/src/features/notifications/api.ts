import type { notification } from '@sikkha/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../api/client';
import type { Lang } from '../../i18n/texts';
import { notificationKeys } from '../../lib/query-keys';

// Type-only: the contract's schemas stay out of the bundle.
export type Notification = ReturnType<typeof notification.row.parse>;

/** 'Y' until read (the column's default), 'N' once read. */
export const isUnread = (item: Notification) => item.notification_status !== 'N';

/** The member's own notifications, newest first. */
export const useNotifications = (userId: number | undefined) =>
  useQuery({
    queryKey: notificationKeys.list(userId),
    queryFn: () => apiGet<Notification[]>('notificationFindByUserId', { user_id: userId }),
    enabled: userId !== undefined,
  });

/** Spec §4: clicking a notification saves it as read (N), then the list, and with it the unread count, is refreshed. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('notification', { method: 'POST', body: { id, notification_status: 'N' } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** Only a path inside the shop is followed; anything else (a full URL, "//host") stays put. */
export function internalTarget(to: string | null): string | null {
  return to?.startsWith('/') && !to.startsWith('//') ? to : null;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "3 ชั่วโมงที่ผ่านมา" / "3 hours ago": the largest whole unit, "now" under a minute. */
export function timeAgo(iso: string, now: number, lang: Lang): string {
  const format = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  if (Number.isNaN(seconds)) return '';
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(0, 'second');
}
