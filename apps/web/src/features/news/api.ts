import type { news, newsImage } from '@sikkha/contract';
import { fileUrl } from '@sikkha/contract/rules';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../api/client';
import { retryServerErrors } from '../../api/query-retry';
import { newsKeys } from '../../lib/query-keys';

// Rows as the API sends them; type-only imports keep zod out of the bundle.
export type News = ReturnType<typeof news.row.parse>;
export type NewsImage = ReturnType<typeof newsImage.row.parse>;

export const NEWS_PAGE_SIZE = 9;

/** The list picture: the card image, else the head image. */
export function newsCardImage(item: News): string | undefined {
  if (item.news_path) return fileUrl('news', item.news_path);
  if (item.news_path_head) return fileUrl('newsHead', item.news_path_head);
  return undefined;
}

/** The article's head picture: the head image, else the card image. */
export function newsHeadImage(item: News): string | undefined {
  if (item.news_path_head) return fileUrl('newsHead', item.news_path_head);
  if (item.news_path) return fileUrl('news', item.news_path);
  return undefined;
}

export const newsGalleryUrl = (file: string) => fileUrl('newsList', file);

/** news_tag is a comma-separated list. */
export const newsTags = (item: News) =>
  (item.news_tag ?? '')
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);

/** One page of news, newest first (the server's default order), with the total for the pager. */
export const useNewsPage = (page: number) =>
  useQuery({
    queryKey: newsKeys.page(page),
    queryFn: async () => {
      const envelope = await apiRequest<News[]>('news', {
        query: { page, pageSize: NEWS_PAGE_SIZE },
      });
      return { items: envelope.data, total: envelope.total ?? envelope.data.length };
    },
    placeholderData: keepPreviousData,
  });

export const useLatestNews = (limit: number) =>
  useQuery({ queryKey: newsKeys.latest(limit), queryFn: () => apiGet<News[]>('newsLimit', { limit }) });

export const useNewsArticle = (id: number | null) =>
  useQuery({
    queryKey: newsKeys.article(id),
    queryFn: () => apiGet<News>('newsById', { id }),
    enabled: id !== null,
    retry: retryServerErrors,
  });

export const useNewsImages = (newsId: number | null) =>
  useQuery({
    queryKey: newsKeys.images(newsId),
    queryFn: () => apiGet<NewsImage[]>('newsImageByNewsId', { news_id: newsId }),
    enabled: newsId !== null,
    retry: retryServerErrors,
  });
