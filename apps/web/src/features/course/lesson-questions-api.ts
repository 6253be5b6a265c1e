import type { LessonCommentBody } from '@sikkha/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute, routeData } from '../../api/routes';
import { useToken } from '../../api/session';
import { lessonCommentKeys } from '../../lib/query-keys';

export const QUESTIONS_PAGE_SIZE = 10;

/** A page of a lesson's questions with their answers, for its buyers. */
export function useLessonQuestions(productId: number, videoId: number, page: number) {
  const token = useToken();
  return useQuery({
    queryKey: lessonCommentKeys.page(productId, videoId, page, token),
    queryFn: () =>
      callRoute('lessonComments', {
        query: { product_id: productId, video_id: videoId, page, pageSize: QUESTIONS_PAGE_SIZE },
      }),
    enabled: token !== null,
    placeholderData: (previous) => previous,
    retry: false,
  });
}

/** A write changes the lesson's pages (and the count): all of them are asked again. */
function useQuestionWrite<T>(write: (value: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lessonCommentKeys.all }),
  });
}

export const useSendQuestion = () =>
  useQuestionWrite((body: LessonCommentBody) => routeData('lessonCommentSave', { method: 'POST', body }));
export const useDeleteQuestion = () =>
  useQuestionWrite((id: number) => routeData('lessonCommentDelete', { method: 'POST', body: { id } }));
