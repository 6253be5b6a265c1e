import type { advert } from '@sikkha/contract';
import { fileUrl } from '@sikkha/contract/rules';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../api/client';
import { routeData } from '../../../api/routes';
import { advertKeys, statisticsKeys } from '../../../lib/query-keys';

export type Advert = ReturnType<typeof advert.row.parse>;
export type ShownAdvert = Advert & { advert_img: string };

/** How to play a lesson (GET /api/playback): asked for each start and again when a ticket runs out. */
export const playbackSource = (productId: number, videoId: number, native: boolean) =>
  routeData('playback', { query: { productId, videoId, native: native ? '1' : undefined } });

/**
 * Where each lesson of the course resumes for the signed-in member (videoStatisticsDetailByUser), asked when the
 * dialog opens; rows this page saves since are newer and win (statistics-queue's lastSavedRow).
 */
export function useLessonProgress(productId: number, token: string | null, enabled: boolean) {
  return useQuery({
    queryKey: statisticsKeys.lessons(productId, token),
    queryFn: () => routeData('videoStatisticsDetailByUser', { query: { product_id: productId } }),
    enabled,
    staleTime: 0,
    retry: false,
  });
}

/** The advert overlay's content: the advert staff switched on last (the newest shown), or none. */
export function useAdvert() {
  return useQuery({
    queryKey: advertKeys.current,
    queryFn: async () => {
      const rows = await apiGet<Advert[]>('advert', { advert_show: 'Y', sort: 'id', order: 'desc' });
      return rows.find((row): row is ShownAdvert => Boolean(row.advert_img)) ?? null;
    },
    staleTime: 5 * 60_000,
  });
}

export const advertImageUrl = (file: string) => fileUrl('advert', file);
