import type { RouteData } from '@sikkha/contract';
import { useQuery } from '@tanstack/react-query';
import { statisticsKeys } from '../lib/query-keys';
import { retryServerErrors } from './query-retry';
import { routeData } from './routes';
import { useToken } from './session';

export type CourseProgress = RouteData<'videoStatisticsByUser'>[number];

/**
 * The member's courses with lessons done (watched or marked) and the lesson to resume, most recently watched first:
 * my learning lists them, my courses shows each course's percentage. A saved viewing or a mark invalidates it.
 */
export function useCourseProgress(enabled = true) {
  const token = useToken();
  return useQuery({
    queryKey: statisticsKeys.courses(token),
    queryFn: () => routeData('videoStatisticsByUser'),
    enabled: enabled && token !== null,
    retry: retryServerErrors,
  });
}
