/**
 * One key factory per domain. Every useQuery, setQueryData and invalidation takes its key from here, so a write
 * invalidates exactly what it changed: TanStack Query matches keys by prefix, and `all` covers a whole domain.
 * Shared by the features because one domain's write can change another's reads (a session check refreshes the
 * notifications).
 */

export const sessionKeys = {
  /** loginPing: the signed-in member (or a staff token in the shopper's slot). */
  current: ['session'] as const,
};

export const accountKeys = {
  all: ['account'] as const,
  settings: () => [...accountKeys.all, 'settings'] as const,
  emailExists: (email: string) => [...accountKeys.all, 'emailExists', email] as const,
  resetCode: (code: string) => [...accountKeys.all, 'resetCode', code] as const,
};

export const catalogueKeys = {
  all: ['catalogue'] as const,
  products: () => [...catalogueKeys.all, 'products'] as const,
  categories: () => [...catalogueKeys.all, 'categories'] as const,
  coaches: () => [...catalogueKeys.all, 'coaches'] as const,
  search: (query: string) => [...catalogueKeys.all, 'search', query] as const,
};

export const courseKeys = {
  all: ['course'] as const,
  /** What the caller owns is part of the answer, so the token is part of the key. */
  view: <R>(request: R, token: string | null) => [...courseKeys.all, request, token] as const,
};

export const newsKeys = {
  all: ['news'] as const,
  page: (page: number) => [...newsKeys.all, 'page', page] as const,
  latest: (limit: number) => [...newsKeys.all, 'latest', limit] as const,
  article: (id: number | null) => [...newsKeys.all, 'article', id] as const,
  images: (newsId: number | null) => [...newsKeys.all, 'images', newsId] as const,
};

export const notificationKeys = {
  /** The list and everything derived from it (the bell's unread count). */
  all: ['notifications'] as const,
  list: (userId: number | undefined) => [...notificationKeys.all, 'list', userId] as const,
};

export const helpKeys = {
  all: ['help'] as const,
  questions: () => [...helpKeys.all, 'questions'] as const,
};
