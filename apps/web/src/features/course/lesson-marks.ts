import { lessonDone } from '@sikkha/contract/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { routeData } from '../../api/routes';
import { useToken } from '../../api/session';
import { statisticsKeys } from '../../lib/query-keys';
import type { CourseView, Lesson } from './api';
import { useLessonProgress } from './player/api';

/**
 * Which lessons of the course the member has done (`lessonDone`: watched to 90%, marked, or a preview of a course
 * played), and the buyer's mark:
 * a click ticks the lesson at once, and the member's statistics are asked again once the shop has answered (a
 * refused mark is taken back then).
 */
export function useLessonMarks(
  view: Pick<CourseView, 'state' | 'lastWatched'> & { product: Pick<CourseView['product'], 'id'> },
) {
  const token = useToken();
  const queryClient = useQueryClient();
  const productId = view.product.id;
  // Visitors and staff have no progress of their own (the course view says 'notLogin' for both).
  const progress = useLessonProgress(productId, token, view.state !== 'notLogin');
  const [pending, setPending] = useState<ReadonlyMap<number, boolean>>(new Map());
  const mutation = useMutation({
    mutationFn: ({ videoId, complete }: { videoId: number; complete: boolean }) =>
      routeData('lessonComplete', { method: 'POST', body: { product_id: productId, video_id: videoId, complete } }),
    onMutate: ({ videoId, complete }) => setPending((marks) => new Map(marks).set(videoId, complete)),
    onSettled: async (_answer, _error, { videoId }) => {
      await queryClient.invalidateQueries({ queryKey: statisticsKeys.all });
      setPending((marks) => {
        const left = new Map(marks);
        left.delete(videoId);
        return left;
      });
    },
  });

  // Played before this dialog opened, or in it.
  const started = view.lastWatched !== null || (progress.data ?? []).some((p) => p.seconds > 0);
  const of = (lesson: Lesson) => {
    const kept = progress.data?.find((p) => p.video_id === lesson.video_id);
    const marked = pending.get(lesson.video_id) ?? kept?.marked ?? false;
    const state = { seconds: kept?.seconds ?? 0, duration: kept?.duration ?? lesson.duration, marked };
    return { marked, done: lessonDone({ ...state, preview: lesson.status === 'preview' }, started) };
  };
  return {
    of,
    mark: (lesson: Lesson, complete: boolean) => mutation.mutate({ videoId: lesson.video_id, complete }),
    failed: mutation.isError,
  };
}

export type LessonMarks = ReturnType<typeof useLessonMarks>;
