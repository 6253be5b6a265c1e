import type { RatingSummary } from '@sikkha/contract';
import { useQuery } from '@tanstack/react-query';
import { reviewKeys } from '../lib/query-keys';
import { routeData } from './routes';

/**
 * Every course on show's rating from one cached request (GET /api/reviewSummaries), shared by every card on the
 * page and the course dialog; a course it does not list has no review.
 */
export function useRating(productId: number): RatingSummary | undefined {
  const { data } = useQuery({
    queryKey: reviewKeys.summaries(),
    queryFn: () => routeData('reviewSummaries'),
    staleTime: 60_000,
  });
  return data?.find((r) => r.product_id === productId);
}
