import type { LinkCode, MessagingLinks } from '@sikkha/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../api/client';
import { chatLinkKeys } from '../../lib/query-keys';

/** While a code is out, the links are read again this often: the member sends it from their phone meanwhile. */
const WAITING_MS = 4000;

/** The member's LINE and Messenger links, and which the shop offers. */
export const useChatLinks = (userId: number | undefined, waiting: boolean) =>
  useQuery({
    queryKey: chatLinkKeys.links(userId),
    queryFn: () => apiGet<MessagingLinks>('messagingLinks'),
    enabled: userId !== undefined,
    refetchInterval: waiting ? WAITING_MS : false,
  });

/** A new linking code (the previous one stops working). */
export const useLinkCode = () =>
  useMutation({
    mutationFn: () => apiRequest<LinkCode>('messagingLinkCode', { method: 'POST' }).then((r) => r.data),
  });

export function useUnlink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (channel: 'line' | 'facebook') =>
      apiRequest<MessagingLinks>('messagingUnlink', { method: 'POST', body: { channel } }).then((r) => r.data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatLinkKeys.all }),
  });
}
