import type { QuizAnswer } from '@sikkha/contract/rules';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routeData } from '../../api/routes';
import { useToken } from '../../api/session';
import { quizKeys } from '../../lib/query-keys';

/** A course's published tests with the member's own attempts (buyers only). */
export function useCourseQuizzes(productId: number) {
  const token = useToken();
  return useQuery({
    queryKey: quizKeys.course(productId, token),
    queryFn: () => routeData('quizByCourse', { query: { product_id: productId } }),
    enabled: token !== null,
    retry: false,
  });
}

/** Starts a test, or resumes the open attempt: the server keeps it, so a reload finds the same answers. */
export function useStartQuiz() {
  return useMutation({
    mutationFn: (quizId: number) => routeData('quizStart', { method: 'POST', body: { quiz_id: quizId } }),
  });
}

export const saveAnswer = (attemptId: number, questionKey: string, answer: QuizAnswer) =>
  routeData('quizAnswer', { method: 'POST', body: { attempt_id: attemptId, question_key: questionKey, answer } });

/** Submits once; the list of tests (attempts, passed) is asked again. */
export function useSubmitQuiz() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attemptId: number) => routeData('quizSubmit', { method: 'POST', body: { attempt_id: attemptId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quizKeys.all }),
  });
}
