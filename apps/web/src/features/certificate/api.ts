import type { RouteData } from '@sikkha/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../api/client';
import { retryServerErrors } from '../../api/query-retry';
import { routeData } from '../../api/routes';
import { certificateKeys } from '../../lib/query-keys';

export type CertificateVerification = RouteData<'certificateVerify'>;

/** The public verification of a certificate number: who earned which course, and when. */
export function useCertificateVerification(number: string) {
  return useQuery({
    queryKey: certificateKeys.verify(number),
    queryFn: () => routeData('certificateVerify', { query: { certificate_no: number }, token: null }),
    retry: retryServerErrors,
  });
}

/** No certificate has this number: the server found none (404) or it could never be one (400). */
export const isUnknownNumber = (error: Error | null) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);
