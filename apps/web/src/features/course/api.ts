import type { RouteData } from '@sikkha/contract';
import { fileUrl } from '@sikkha/contract/rules';
import { useQuery } from '@tanstack/react-query';
import { ApiError, TOKEN_KEY } from '../../api/client';
import { retryServerErrors } from '../../api/query-retry';
import { routeData } from '../../api/routes';
import { useToken } from '../../api/session';
import type { CourseRequest } from '../../lib/course-paths';
import { saveBlob } from '../../lib/download';
import { courseKeys } from '../../lib/query-keys';

export type CourseView = RouteData<'courseView'>;
export type Lesson = CourseView['lessons'][number];
export type CourseTab = CourseView['tabs'][number];
export type CourseGroup = CourseView['groups'][number];
export type CourseCoach = CourseView['coaches'][number];

/**
 * The whole course dialog from one request (GET /api/courseView). What the caller owns is part of the answer,
 * so the token is part of the key: signing in or out while the dialog is open asks again.
 */
export function useCourseView(request: CourseRequest | null) {
  const token = useToken();
  return useQuery({
    queryKey: courseKeys.view(request, token),
    queryFn: () => routeData('courseView', { query: request ?? {} }),
    // Signing in with the dialog open keeps showing the course while its new state loads; another course waits.
    placeholderData: (previous, previousQuery) =>
      JSON.stringify(previousQuery?.queryKey[1]) === JSON.stringify(request) ? previous : undefined,
    enabled: request !== null,
    retry: retryServerErrors,
    // A member's state (bought, pending) changes with payments: their course is asked again each time it opens. A
    // visitor's is everyone's, and the answer the page came with (the server's, current) is not asked again at once.
    staleTime: token === null ? undefined : 0,
  });
}

export const lessonThumbnailUrl = (file: string) => fileUrl('video', file);

/**
 * A course document or certificate needs the member's bearer token, which a link cannot carry: fetch it as a
 * blob and hand it to the browser as a download under its own name.
 */
export async function downloadFile(serve: string, file: string, name: string): Promise<void> {
  const token = localStorage.getItem(TOKEN_KEY);
  const res = await fetch(fileUrl(serve, file), { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new ApiError(res.status, res.statusText || 'Download failed');
  saveBlob(await res.blob(), name);
}

/** The download name: the item's title with the stored file's extension, so the reader knows what they got. */
export function downloadName(title: string | null, file: string): string {
  const extension = file.includes('.') ? file.slice(file.lastIndexOf('.')) : '';
  const base = (title ?? '')
    .replace(/\s*\((pdf|excel|xlsx?)\)\s*$/i, '')
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .trim();
  return base ? `${base}${extension}` : file;
}
