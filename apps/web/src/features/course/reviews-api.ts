import type { ReviewSort } from '@sikkha/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute, routeData } from '../../api/routes';
import { useToken } from '../../api/session';
import { reviewKeys } from '../../lib/query-keys';

export const REVIEWS_PAGE_SIZE = 5;

/** A page of a course's shown reviews and its rating (cached by the server for everyone). */
export function useReviewPage(productId: number, sort: ReviewSort, page: number) {
  return useQuery({
    queryKey: reviewKeys.list(productId, sort, page),
    queryFn: () =>
      callRoute('reviewList', { query: { product_id: productId, sort, page, pageSize: REVIEWS_PAGE_SIZE } }),
    placeholderData: (previous) => previous,
  });
}

/** The signed-in member's review of the course, whether they may write one, and what they marked helpful. */
export function useMyReview(productId: number) {
  const token = useToken();
  return useQuery({
    queryKey: reviewKeys.mine(productId, token),
    queryFn: () => routeData('reviewMine', { query: { product_id: productId } }),
    enabled: token !== null,
    retry: false,
  });
}

/** A write changes the lists, the ratings of the cards and the member's own state: all of reviews is asked again. */
function useReviewWrite<T>(write: (value: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}

export const useSaveReview = () =>
  useReviewWrite((body: { product_id: number; rating: number; text: string }) =>
    routeData('reviewSave', { method: 'POST', body }),
  );
export const useDeleteReview = () =>
  useReviewWrite((id: number) => routeData('reviewDelete', { method: 'POST', body: { id } }));
export const useMarkHelpful = () =>
  useReviewWrite((id: number) => routeData('reviewHelpful', { method: 'POST', body: { id } }));
