import { z } from 'zod';
import { product } from '../entities/catalogue.js';
import { envelope, listEnvelope } from '../envelope.js';
import {
  changePasswordBody,
  confirmEmailBody,
  currentStaff,
  currentUser,
  facebookLoginBody,
  googleLoginBody,
  loginEmailBody,
  loginPersonnelBody,
  lookupQuery,
  lookupResult,
  memberTotal,
  publicSettings,
  registerBody,
  requestResetBody,
  resetCodeBody,
  resetCodeCheck,
  resetPasswordBody,
  session,
  socialResult,
  tokenCheck,
  userUpdateBody,
} from './accounts.js';
import { courseView, courseViewQuery, searchQuery } from './catalogue.js';
import { jobsQuery, jobView } from './jobs.js';
import {
  chartDay,
  courseGroupsQuery,
  courseProgress,
  expiredGroupMember,
  generateGroupCodeBody,
  lastWatched,
  lessonProgress,
  memberGroup,
  periodTotal,
  statisticsBody,
  statisticsChartQuery,
  statisticsCourseQuery,
  statisticsSaved,
  statisticsUserQuery,
} from './learning.js';
import { playbackQuery, playbackSource } from './playback.js';

type Method = 'GET' | 'POST';

/** One hand-written route: how it is called, what it takes and what it answers with 200. */
export interface RouteContract {
  method: Method | readonly Method[];
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}

/** Login-like answers carry the session in `data` and the signed-in account beside it. */
const signedIn = <T extends z.ZodType>(account: T) =>
  z.object({ result: z.boolean(), data: session, message: z.string(), user: account });

const nothing = envelope(z.null());

/** A social sign-in answers a session with the member, or a sign-up ticket without one. */
const socialAnswer = z.object({
  result: z.boolean(),
  data: socialResult,
  message: z.string(),
  user: currentUser.optional(),
});

/**
 * Every hand-written route under /api, by path: the server declares exactly these schemas and the web types its
 * calls from them, so the two cannot drift. The resource engine's routes come from the resource table instead,
 * and uploads from the upload kinds (`api/uploads.ts`).
 */
export const apiRoutes = {
  loginEmail: { method: 'POST', body: loginEmailBody, response: signedIn(currentUser) },
  loginPersonnel: { method: 'POST', body: loginPersonnelBody, response: signedIn(currentStaff) },
  userRegister: {
    method: 'POST',
    body: registerBody,
    response: signedIn(currentUser).extend({ insertId: z.number().int() }),
  },
  refreshToken: { method: 'GET', response: envelope(session) },
  logout: { method: ['GET', 'POST'], response: nothing },
  loginPing: { method: 'GET', response: envelope(z.union([currentUser, currentStaff])) },
  userCheckToken: { method: 'GET', response: envelope(tokenCheck) },
  userByEmail: { method: 'GET', query: lookupQuery.email, response: envelope(lookupResult) },
  userByUsername: { method: 'GET', query: lookupQuery.username, response: envelope(lookupResult) },
  userByGoogle: { method: 'GET', query: lookupQuery.google, response: envelope(lookupResult) },
  userByFacebook: { method: 'GET', query: lookupQuery.facebook, response: envelope(lookupResult) },
  userTotal: { method: 'GET', response: envelope(memberTotal) },
  userUpdatePrivacyPolicy: { method: 'POST', response: envelope(currentUser) },
  userUpdate: { method: 'POST', body: userUpdateBody, response: envelope(currentUser) },
  userChangePassword: { method: 'POST', body: changePasswordBody, response: envelope(z.boolean()) },

  sendConfirmEmail: { method: 'POST', response: nothing },
  confirmEmail: { method: 'POST', body: confirmEmailBody, response: envelope(currentUser) },
  sendChangePass: { method: 'POST', body: requestResetBody, response: nothing },
  checkChangePassCode: { method: 'POST', body: resetCodeBody, response: envelope(resetCodeCheck) },
  sendChangePassUser: { method: 'POST', body: resetPasswordBody, response: envelope(z.literal(true)) },

  loginGoogle: {
    method: 'POST',
    body: googleLoginBody,
    response: socialAnswer,
  },
  loginFacebook: {
    method: 'POST',
    body: facebookLoginBody,
    response: socialAnswer,
  },
  settings: { method: 'GET', response: envelope(publicSettings) },

  courseView: { method: 'GET', query: courseViewQuery, response: envelope(courseView) },
  productSearch: { method: 'GET', query: searchQuery, response: listEnvelope(product.row) },

  jobs: { method: 'GET', query: jobsQuery, response: listEnvelope(jobView) },

  playback: { method: 'GET', query: playbackQuery, response: envelope(playbackSource) },

  videoStatistics: { method: 'POST', body: statisticsBody, response: envelope(statisticsSaved) },
  videoStatisticsByUserIdLast: { method: 'GET', query: statisticsCourseQuery, response: envelope(lastWatched) },
  videoStatisticsByUser: { method: 'GET', query: statisticsUserQuery, response: listEnvelope(courseProgress) },
  videoStatisticsDetailByUser: {
    method: 'GET',
    query: statisticsCourseQuery,
    response: listEnvelope(lessonProgress),
  },
  videoStatisticsChartByUser: { method: 'GET', query: statisticsChartQuery, response: listEnvelope(chartDay) },
  dayTotalSecond: { method: 'GET', query: statisticsUserQuery, response: envelope(periodTotal) },
  weekTotalSecond: { method: 'GET', query: statisticsUserQuery, response: envelope(periodTotal) },
  monthTotalSecond: { method: 'GET', query: statisticsUserQuery, response: envelope(periodTotal) },

  userProductGroupGennarate: { method: 'POST', body: generateGroupCodeBody, response: envelope(memberGroup) },
  userProductGroupByUserAndProduct: {
    method: 'GET',
    query: courseGroupsQuery,
    response: listEnvelope(memberGroup),
  },
  userProductGroupExpire: { method: 'GET', response: listEnvelope(expiredGroupMember) },
} as const satisfies Record<string, RouteContract>;

export type ApiRoutes = typeof apiRoutes;
export type RouteName = keyof ApiRoutes;
/** The whole 200 answer of a route, as the web receives it. */
export type RouteResponse<K extends RouteName> = z.output<ApiRoutes[K]['response']>;
/** The `data` of a route's answer. */
export type RouteData<K extends RouteName> = RouteResponse<K>['data'];
/** What the web may send as a route's body (before the server's parsing). */
export type RouteBody<K extends RouteName> = ApiRoutes[K] extends { body: infer B extends z.ZodType }
  ? z.input<B>
  : never;
