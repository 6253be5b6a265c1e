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
  exists: (field: 'email' | 'username', value: string) => [...accountKeys.all, 'exists', field, value] as const,
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

/** The member's viewing statistics: a flush of the player's events invalidates `all`. */
export const statisticsKeys = {
  all: ['statistics'] as const,
  /** Per lesson of a course (where each resumes); the token says whose. */
  lessons: (productId: number, token: string | null) => [...statisticsKeys.all, 'lessons', productId, token] as const,
  /** The learning page: seconds this day, week or month, a month's chart, progress per course. */
  period: (period: string, token: string | null) => [...statisticsKeys.all, 'period', period, token] as const,
  chart: (month: string, token: string | null) => [...statisticsKeys.all, 'chart', month, token] as const,
  courses: (token: string | null) => [...statisticsKeys.all, 'courses', token] as const,
};

export const advertKeys = {
  /** The player's advert overlay (GET /api/advert). */
  current: ['advert'] as const,
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

/** The member's LINE and Messenger links (where the shop's messages reach them besides the bell). */
export const chatLinkKeys = {
  all: ['chatLinks'] as const,
  links: (userId: number | undefined) => [...chatLinkKeys.all, userId] as const,
};

export const helpKeys = {
  all: ['help'] as const,
  questions: () => [...helpKeys.all, 'questions'] as const,
};

/** Public certificate verification, by the number printed on a certificate. */
export const certificateKeys = {
  all: ['certificate'] as const,
  verify: (number: string) => [...certificateKeys.all, 'verify', number] as const,
};

/** Public verification of an issued document, by its number and total as typed. */
export const documentVerifyKeys = {
  all: ['documentVerify'] as const,
  verify: (number: string, amount: string) => [...documentVerifyKeys.all, number, amount] as const,
};

/** Orders and payments: the payment types, the member's orders, a payment page by its reference. */
export const orderKeys = {
  all: ['orders'] as const,
  paymentTypes: () => [...orderKeys.all, 'paymentTypes'] as const,
  settings: () => [...orderKeys.all, 'settings'] as const,
  mine: (token: string | null) => [...orderKeys.all, 'mine', token] as const,
  page: (ref: string, token: string | null) => [...orderKeys.all, 'page', ref, token] as const,
};

/** Coins: the coin coupons of the member's dialog and their coin history; a claim invalidates `all`. */
export const coinKeys = {
  all: ['coins'] as const,
  coupons: (token: string | null) => [...coinKeys.all, 'coupons', token] as const,
  history: (page: number, token: string | null) => [...coinKeys.all, 'history', page, token] as const,
};

/** Course reviews: the cards' ratings, a course's pages of reviews, and what the member did there. */
export const reviewKeys = {
  all: ['reviews'] as const,
  summaries: () => [...reviewKeys.all, 'summaries'] as const,
  list: (productId: number, sort: string, page: number) => [...reviewKeys.all, 'list', productId, sort, page] as const,
  mine: (productId: number, token: string | null) => [...reviewKeys.all, 'mine', productId, token] as const,
};

/** Questions and answers under a lesson: who asks is part of the answer (their own hidden ones). */
export const lessonCommentKeys = {
  all: ['lessonComments'] as const,
  page: (productId: number, videoId: number, page: number, token: string | null) =>
    [...lessonCommentKeys.all, productId, videoId, page, token] as const,
};

/** Tests (quizzes): a course's tests with the member's own attempts. */
export const quizKeys = {
  all: ['quizzes'] as const,
  course: (productId: number, token: string | null) => [...quizKeys.all, 'course', productId, token] as const,
};

/**
 * The back office's own reads (react-admin keys its resources' lists itself). Called without their last arguments
 * they are prefixes: a change invalidates every page of what it touched.
 */
export const adminKeys = {
  all: ['admin'] as const,
  dashboard: () => [...adminKeys.all, 'dashboard'] as const,
  paymentSetup: () => [...adminKeys.all, 'paymentSetup'] as const,
  signingStatus: () => [...adminKeys.all, 'signingStatus'] as const,
  /** A stored file fetched with the staff token (a slip), by the route that serves it and its name. */
  file: (serve: string, name: string | null | undefined) => [...adminKeys.all, 'file', serve, name] as const,
  auditLog: (...query: [query?: unknown]) => [...adminKeys.all, 'auditLog', ...query] as const,
  /** Every course by title, for the filters of the staff screens. */
  courseChoices: () => [...adminKeys.all, 'product', 'all'] as const,
  /** A moderation list (reviews, lesson questions) by its name, with its filters and page. */
  moderation: (list: string, ...filters: unknown[]) => [...adminKeys.all, list, ...filters] as const,
  etaxRegister: (month: string) => [...adminKeys.all, 'etaxMonthlyRegister', month] as const,
  memberChart: (userId: number, month: string) => [...adminKeys.all, 'statisticsChart', userId, month] as const,
  memberCourses: (userId: number) => [...adminKeys.all, 'statisticsCourses', userId] as const,
  couponUsage: (code: string | null | undefined) => [...adminKeys.all, 'couponUsage', code] as const,
  coinMismatch: () => [...adminKeys.all, 'logPointMismatch'] as const,
  /** The sidebar's count of orders waiting for staff, asked again on every route change. */
  waitingOrders: (...pathname: [pathname?: string]) => [...adminKeys.all, 'waitingOrders', ...pathname] as const,
  reconcile: (...page: [resolved?: string, page?: number]) => [...adminKeys.all, 'reconcile', ...page] as const,
  /** Tests: the list (of a course, or all), a course's lessons to place one after, one test's results. */
  quizList: (...course: [course?: number | '']) => [...adminKeys.all, 'quizList', ...course] as const,
  quizLessons: (productId: number) => [...adminKeys.all, 'quizLessons', productId] as const,
  quizResults: (quizId: number) => [...adminKeys.all, 'quizResults', quizId] as const,
};
