import type { AudienceCount, Delivery, DeliveryStatus, SendBody, SendChannel, SentMessage } from '@sikkha/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../lib/query-keys';
import { adminRequest } from '../admin-request';
import { type Recipients, recipientsChosen, recipientsOf } from './recipients';

/** While a message has deliveries waiting, its progress is read again this often. */
const PROGRESS_MS = 2000;

const stillSending = (messages: SentMessage[] | undefined) =>
  messages?.some((m) => m.progress.some((p) => p.queued > 0)) ?? false;

/** The send screens' keys, under the back office's (lib/query-keys.ts): a send invalidates `all`. */
export const sendKeys = {
  all: [...adminKeys.all, 'send'] as const,
  list: (page: number) => [...sendKeys.all, 'list', page] as const,
  audience: (recipients: Recipients) => [...sendKeys.all, 'audience', recipients] as const,
  deliveries: (query: DeliveriesQuery) => [...sendKeys.all, 'deliveries', query] as const,
  message: (id: number | undefined) => [...sendKeys.all, 'message', id] as const,
};

/**
 * How many members the recipients are, per channel: asked again as the choice changes. The form keeps the last count
 * while the next is asked (`keepPrevious`); a confirmation never shows another choice's count.
 */
export function useAudience(values: Recipients, enabled: boolean, keepPrevious = true) {
  const recipients = recipientsOf(values);
  return useQuery({
    queryKey: sendKeys.audience(recipients),
    queryFn: () =>
      adminRequest<AudienceCount>('sendAudience', { method: 'POST', body: recipients }).then((r) => r.data),
    enabled: enabled && recipientsChosen(recipients),
    ...(keepPrevious ? { placeholderData: keepPreviousData } : {}),
  });
}

/** Messages sent, newest first, refreshed while one is still being sent. */
export function useSentMessages(page: number, pageSize: number) {
  return useQuery({
    queryKey: sendKeys.list(page),
    queryFn: async () => {
      const answer = await adminRequest<SentMessage[]>('sendList', { query: { page, pageSize } });
      return { rows: answer.data, total: answer.total ?? 0 };
    },
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (stillSending(query.state.data?.rows) ? PROGRESS_MS : false),
  });
}

/** One message with its progress, read again while it is still being sent. */
export function useSentMessage(message: SentMessage | null) {
  return useQuery({
    queryKey: sendKeys.message(message?.id),
    queryFn: () => adminRequest<SentMessage>('sendById', { query: { id: message?.id } }).then((r) => r.data),
    enabled: message !== null,
    initialData: message ?? undefined,
    refetchInterval: (query) => (stillSending(query.state.data ? [query.state.data] : undefined) ? PROGRESS_MS : false),
  });
}

export interface DeliveriesQuery {
  id: number;
  channel?: SendChannel | undefined;
  status?: DeliveryStatus | undefined;
  page: number;
  pageSize: number;
}

/** One message's delivery log, refreshed while the message is still being sent; nothing asked before one is open. */
export function useDeliveries(query: DeliveriesQuery, sending: boolean) {
  return useQuery({
    enabled: query.id > 0,
    queryKey: sendKeys.deliveries(query),
    queryFn: async () => {
      const answer = await adminRequest<Delivery[]>('sendDelivery', { query: { ...query } });
      return { rows: answer.data, total: answer.total ?? 0 };
    },
    placeholderData: keepPreviousData,
    refetchInterval: sending ? PROGRESS_MS : false,
  });
}

/** Sends a message; the history shows it at once. */
export function useSend() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SendBody) => adminRequest<SentMessage>('send', { method: 'POST', body }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: sendKeys.all }),
  });
}
