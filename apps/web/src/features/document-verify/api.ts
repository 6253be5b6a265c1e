import type { RouteData } from '@sikkha/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../api/client';
import { retryServerErrors } from '../../api/query-retry';
import { routeData } from '../../api/routes';
import { documentVerifyKeys } from '../../lib/query-keys';

export type DocumentVerification = RouteData<'documentVerify'>;

/** What a person asked: the number and the total as typed (the server reads them). */
export interface DocumentAsked {
  no: string;
  amount: string;
}

/** The public verification of an issued document, once a number and an amount were asked. */
export function useDocumentVerification(asked: DocumentAsked | null) {
  return useQuery({
    queryKey: documentVerifyKeys.verify(asked?.no ?? '', asked?.amount ?? ''),
    queryFn: () => routeData('documentVerify', { query: { doc_no: asked?.no, amount: asked?.amount }, token: null }),
    enabled: asked !== null,
    retry: retryServerErrors,
  });
}

/** No document has this number and total (the server's one 404 for either wrong). */
export const isNotVerified = (error: Error | null) => error instanceof ApiError && error.status === 404;

/** Too many checks from this address: the server's own words say to wait. */
export const isThrottled = (error: Error | null) => error instanceof ApiError && error.status === 429;

/** The fields the server refused (400), each with its Thai message. */
export const refusedFields = (error: Error | null) =>
  error instanceof ApiError && error.status === 400 ? error.fields : [];
