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
import { auditEntry, auditQuery, dashboard, dashboardQuery } from './backoffice.js';
import { courseView, courseViewQuery, searchQuery } from './catalogue.js';
import { checkoutSettings, paymentSetup } from './checkout.js';
import {
  coinCouponClaimBody,
  coinCouponClaimed,
  coinCouponView,
  coinHistory,
  coinHistoryQuery,
  coinLedgerMismatch,
  couponAdminView,
  couponCheck,
  couponCheckQuery,
  couponCodeQuery,
  couponCouponCodeQuery,
  couponDateQuery,
} from './coupons.js';
import { documentVoidBody, documentVoided, issuedDocumentQuery } from './document-void.js';
import { pdfDocument, signingStatus, xmlDocument } from './documents.js';
import { etaxMonthQuery, etaxRegisterRow, zipArchive } from './etax-export.js';
import { documentVerification, documentVerifyQuery } from './etax-verify.js';
import { jobsQuery, jobView } from './jobs.js';
import {
  certificateFileQuery,
  certificateNoQuery,
  certificateVerification,
  chartDay,
  courseGroupsQuery,
  courseProgress,
  expiredGroupMember,
  generateGroupCodeBody,
  lastWatched,
  lessonCompleteBody,
  lessonMark,
  lessonProgress,
  memberGroup,
  periodTotal,
  statisticsBody,
  statisticsChartQuery,
  statisticsCourseQuery,
  statisticsSaved,
  statisticsUserQuery,
} from './learning.js';
import { lessonCommentRoutes } from './lesson-comments.js';
import {
  audienceBody,
  audienceCount,
  deliveriesQuery,
  delivery,
  linkCode,
  messagingLinks,
  notiBody,
  notiImageBody,
  sendBody,
  sentMessage,
  sentMessageQuery,
  sentMessagesQuery,
  unlinkBody,
} from './messaging.js';
import {
  bookOrder,
  bookOrdersQuery,
  bookSendBody,
  codeQuery,
  coinPaid,
  coinPayBody,
  finishedDetail,
  finishedDetailQuery,
  newOrderBody,
  orderIdQuery,
  ordersByDate,
  ordersByDateQuery,
  ordersExpireQuery,
  orderUpdateAllBody,
  orderUpdateBody,
  orderView,
  payBody,
  paymentPage,
  payResult,
  placedOrder,
  recheckQuery,
  recheckResult,
  refQuery,
  reviewQuery,
  staffOrder,
  statusTotal,
  taxInvoiceNumber,
  totalStatusQuery,
  updatedCount,
} from './orders.js';
import { playbackQuery, playbackSource } from './playback.js';
import {
  csvFile,
  quizAdmin,
  quizAnswerBody,
  quizAnswerSaved,
  quizAttemptView,
  quizCourseQuery,
  quizIdQuery,
  quizListQuery,
  quizResults,
  quizSaveBody,
  quizStartBody,
  quizSubmitBody,
  quizSummary,
} from './quizzes.js';
import {
  orderRefund,
  reconcileBody,
  reconcileMismatch,
  reconcileQuery,
  reconcileResult,
  refundBody,
  refundFileQuery,
  refundsQuery,
  resolveMismatchBody,
  resolvePaidBody,
} from './refunds.js';
import { reviewRoutes } from './reviews.js';

type Method = 'GET' | 'POST';

/** One hand-written route: how it is called, what it takes and what it answers with 200. */
export interface RouteContract {
  method: Method | readonly Method[];
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  /** The answer's content types when it is not JSON (a PDF). */
  produces?: readonly string[];
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
  /** A buyer marks a lesson complete, or takes the mark back; answers the mark and whether the lesson is done. */
  lessonComplete: { method: 'POST', body: lessonCompleteBody, response: envelope(lessonMark) },
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
  certificateFile: { method: 'GET', query: certificateFileQuery, response: envelope(z.string()) },
  certificateVerify: { method: 'GET', query: certificateNoQuery, response: envelope(certificateVerification) },
  /** Public: whether the shop issued the document of this number and total, and what it is (never its buyer). */
  documentVerify: { method: 'GET', query: documentVerifyQuery, response: envelope(documentVerification) },

  // Coupons and coins (spec 2 §7). The plain reads and staff's writes of coupon, couponEmail, couponProduct,
  // couponPoint and logPoint are the resource engine's.
  couponByCode: { method: 'GET', query: couponCheckQuery, response: couponCheck },
  couponAllByCode: { method: 'GET', query: couponCodeQuery, response: listEnvelope(couponAdminView) },
  couponByCouponCode: { method: 'GET', query: couponCouponCodeQuery, response: listEnvelope(couponAdminView) },
  couponByNotExpire: { method: 'GET', response: listEnvelope(couponAdminView) },
  couponByDate: { method: 'GET', query: couponDateQuery, response: listEnvelope(couponAdminView) },
  couponPointByUser: { method: 'GET', response: listEnvelope(coinCouponView) },
  couponPointByCode: { method: 'GET', query: couponCodeQuery, response: envelope(coinCouponView) },
  couponPointUseCouponCoinPublic: { method: 'POST', body: coinCouponClaimBody, response: envelope(coinCouponClaimed) },
  couponPointUseCouponCoinOnly: { method: 'POST', body: coinCouponClaimBody, response: envelope(coinCouponClaimed) },
  logPointByUser: { method: 'GET', query: coinHistoryQuery, response: coinHistory },
  logPointMismatch: { method: 'GET', response: listEnvelope(coinLedgerMismatch) },

  // Orders (spec 2 §7). The plain reads (orders, ordersById, ordersByUserId, ordersByStatus, ordersDetail…,
  // ordersPaymentType) are the resource engine's; nothing writes orders but these.
  /** What the order dialog shows before an order exists: the shop's account, the fee, the coin rate, the methods. */
  checkoutSettings: { method: 'GET', response: envelope(checkoutSettings) },
  /** Staff: the methods taken now and the settings the shop has not set (the back office's notice). */
  paymentSetup: { method: 'GET', response: envelope(paymentSetup) },
  orders: { method: 'POST', body: newOrderBody, response: envelope(placedOrder) },
  ordersCoinPay: { method: 'POST', body: coinPayBody, response: envelope(coinPaid) },
  ordersPay: { method: 'POST', body: payBody, response: envelope(payResult) },
  ordersUpdate: { method: 'POST', body: orderUpdateBody, response: envelope(orderView) },
  ordersUpdataAll: { method: 'POST', body: orderUpdateAllBody, response: envelope(updatedCount) },
  ordersUpdataListBookSend: { method: 'POST', body: bookSendBody, response: envelope(updatedCount) },
  ordersByRef: { method: 'GET', query: refQuery, response: envelope(paymentPage) },
  ordersByCode: { method: 'GET', query: codeQuery, response: envelope(paymentPage) },
  ordersCancelByCode: { method: 'POST', body: codeQuery, response: envelope(z.null()) },
  ordersView: { method: 'GET', query: orderIdQuery, response: envelope(orderView) },
  ordersMine: { method: 'GET', query: ordersExpireQuery, response: listEnvelope(orderView) },
  ordersReview: { method: 'GET', query: reviewQuery, response: listEnvelope(staffOrder) },
  ordersExpire: { method: 'GET', query: ordersExpireQuery, response: listEnvelope(orderView) },
  ordersByProductBooks: { method: 'GET', query: bookOrdersQuery, response: listEnvelope(bookOrder) },
  ordersByDate: { method: 'GET', query: ordersByDateQuery, response: ordersByDate },
  ordersTotalStatus: { method: 'GET', query: totalStatusQuery, response: envelope(statusTotal) },
  ordersRecheckByUser: { method: 'GET', query: recheckQuery, response: envelope(recheckResult) },
  ordersFileTaxInvoice: { method: 'GET', query: orderIdQuery, response: envelope(taxInvoiceNumber) },
  ordersTaxInvoiceFile: { method: 'GET', query: orderIdQuery, response: pdfDocument, produces: ['application/pdf'] },
  ordersTaxInvoiceXml: { method: 'GET', query: orderIdQuery, response: xmlDocument, produces: ['application/xml'] },
  /** Staff: whether e-Tax documents are signed, and by whom (the back office's notice when they are not). */
  signingStatus: { method: 'GET', response: envelope(signingStatus) },
  /** Staff: a Bangkok month's issued documents (the register), and its archive for the Revenue Department. */
  etaxMonthlyRegister: { method: 'GET', query: etaxMonthQuery, response: listEnvelope(etaxRegisterRow) },
  etaxMonthlyExport: { method: 'GET', query: etaxMonthQuery, response: zipArchive, produces: ['application/zip'] },
  /** Staff: void a finished order's receipt or tax invoice issued in error (a T07 cancellation note and a replacement). */
  ordersDocumentVoid: { method: 'POST', body: documentVoidBody, response: envelope(documentVoided) },
  /** Any issued document's PDF by its number, the voided and cancellation notes included (its order's member, staff). */
  issuedDocumentFile: {
    method: 'GET',
    query: issuedDocumentQuery,
    response: pdfDocument,
    produces: ['application/pdf'],
  },
  ordersRefund: { method: 'POST', body: refundBody, response: envelope(orderView) },
  ordersRefunds: { method: 'GET', query: refundsQuery, response: listEnvelope(orderRefund) },
  ordersRefundFile: { method: 'GET', query: refundFileQuery, response: pdfDocument, produces: ['application/pdf'] },
  ordersResolvePaid: { method: 'POST', body: resolvePaidBody, response: envelope(orderView) },
  ordersReconcile: { method: 'POST', body: reconcileBody, response: envelope(reconcileResult) },
  ordersReconcileList: { method: 'GET', query: reconcileQuery, response: listEnvelope(reconcileMismatch) },
  ordersReconcileResolve: { method: 'POST', body: resolveMismatchBody, response: envelope(reconcileMismatch) },
  ordersDetailByFinish: { method: 'GET', query: finishedDetailQuery, response: listEnvelope(finishedDetail) },
  ordersDetailByProductIdAndFinish: {
    method: 'GET',
    query: finishedDetailQuery.required({ product_id: true }),
    response: listEnvelope(finishedDetail),
  },

  // Tests (quizzes, the seed's `test` menu; beyond the spec). Staff build them and read the results; a buyer takes
  // them: start (or resume) an attempt, save each answer as it is given, submit once.
  quizSave: { method: 'POST', body: quizSaveBody, response: envelope(quizAdmin) },
  quizDelete: { method: 'POST', body: quizIdQuery, response: envelope(z.null()) },
  quizList: { method: 'GET', query: quizListQuery, response: listEnvelope(quizSummary) },
  quizById: { method: 'GET', query: quizIdQuery, response: envelope(quizAdmin) },
  quizResults: { method: 'GET', query: quizIdQuery, response: envelope(quizResults) },
  quizResultsCsv: { method: 'GET', query: quizIdQuery, response: csvFile, produces: ['text/csv'] },
  quizByCourse: { method: 'GET', query: quizCourseQuery, response: listEnvelope(quizSummary) },
  quizStart: { method: 'POST', body: quizStartBody, response: envelope(quizAttemptView) },
  quizAttempt: { method: 'GET', query: quizIdQuery, response: envelope(quizAttemptView) },
  quizAnswer: { method: 'POST', body: quizAnswerBody, response: envelope(quizAnswerSaved) },
  quizSubmit: { method: 'POST', body: quizSubmitBody, response: envelope(quizAttemptView) },

  auditLog: { method: 'GET', query: auditQuery, response: listEnvelope(auditEntry) },
  dashboard: { method: 'GET', query: dashboardQuery, response: envelope(dashboard) },

  // Messaging (spec 2 §7): the spec's GET calls are POST here (DEVIATIONS); `send` is the Send screen's call,
  // one message over several channels. Staff only, but the member's own LINE and Messenger links.
  noti: { method: 'POST', body: notiBody, response: envelope(sentMessage) },
  notiImage: { method: 'POST', body: notiImageBody, response: envelope(sentMessage) },
  notiLine: { method: 'POST', body: notiBody, response: envelope(sentMessage) },
  notiFacebook: { method: 'POST', body: notiBody, response: envelope(sentMessage) },
  send: { method: 'POST', body: sendBody, response: envelope(sentMessage) },
  sendAudience: { method: 'POST', body: audienceBody, response: envelope(audienceCount) },
  sendList: { method: 'GET', query: sentMessagesQuery, response: listEnvelope(sentMessage) },
  sendById: { method: 'GET', query: sentMessageQuery, response: envelope(sentMessage) },
  sendDelivery: { method: 'GET', query: deliveriesQuery, response: listEnvelope(delivery) },
  messagingLinkCode: { method: 'POST', response: envelope(linkCode) },
  messagingLinks: { method: 'GET', response: envelope(messagingLinks) },
  messagingUnlink: { method: 'POST', body: unlinkBody, response: envelope(messagingLinks) },

  ...reviewRoutes,
  ...lessonCommentRoutes,
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
