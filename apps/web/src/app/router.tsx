// The rule's own module, not the rules' index: the index would bring every rule (and the messages) into the first load.
import { type StorefrontPage, storefrontPages } from '@sikkha/contract/rules/pages';
import { Suspense } from 'react';
import { Navigate, Outlet, type RouteObject, useLocation } from 'react-router';
import { ADMIN_TOKEN_KEY } from '../api/client';
import { getToken } from '../api/session';
import { LogoutPage } from '../features/account/LogoutPage';
import { OpenChangePassword } from '../features/account/OpenChangePassword';
import { HomePage } from '../features/storefront/HomePage';
import { courseRequestOf } from '../lib/course-paths';
import { lazyWithReload } from '../lib/lazy-with-reload';
import { PublicLayout, preloadOverlays } from './layouts/PublicLayout';
import { ErrorPage } from './pages/ErrorPage';
import { LazyContentPage as ContentPage, type ContentPageName } from './pages/lazy-content-page';
import { NotFound } from './pages/NotFound';
import { PageLoading } from './pages/PageLoading';

// Only the home page is in the entry chunk; other pages with real content load on demand.
const CoursesPage = lazyWithReload(() => import('../features/storefront/CoursesPage').then((m) => m.CoursesPage));
const CertificatePage = lazyWithReload(() =>
  import('../features/certificate/CertificatePage').then((m) => m.CertificatePage),
);
const DocumentVerifyPage = lazyWithReload(() =>
  import('../features/document-verify/DocumentVerifyPage').then((m) => m.DocumentVerifyPage),
);
const LearningPage = lazyWithReload(() => import('../features/learning/LearningPage').then((m) => m.LearningPage));
// A test's own page, in the course dialog's chunk (it shares the test's parts with the dialog).
const QuizPage = lazyWithReload(() => import('../features/course/QuizPage').then((m) => m.QuizPage));
const CoinPage = lazyWithReload(() => import('../features/coins/CoinPage').then((m) => m.CoinPage));
// Checkout's payment pages and My courses' orders, in checkout's chunks.
const PaymentPage = lazyWithReload(() => import('../features/checkout/PaymentPage').then((m) => m.PaymentPage));
const MyOrders = lazyWithReload(() => import('../features/checkout/MyOrders').then((m) => m.MyOrders));
const CheckoutPage = lazyWithReload(() => import('../features/checkout/CheckoutPage').then((m) => m.CheckoutPage));
// The back office is a separate tree: a shopper never downloads react-admin.
const AdminApp = lazyWithReload(() => import('../admin/AdminApp').then((m) => m.AdminApp));

// Content pages of the spec's table (§2): news, legal, contact, pricing, inspire, callback. The paths are the
// contract's (storefrontPages), which the server also answers 200 for.
const contentPages = [
  'pricing',
  'news',
  'allNews',
  'contact',
  'inspire',
  'callback',
  'privacyPolicy',
  'terms',
  'signaturePrivacyPolicy',
] as const satisfies readonly (ContentPageName & StorefrontPage)[];

/** The home page, with its "latest news" below the fold: it comes with the content pages' chunk, after the first load. */
const home = (
  <HomePage
    latestNews={
      <Suspense fallback={null}>
        <ContentPage page="latestNews" />
      </Suspense>
    }
  />
);

const storefrontRoutes: RouteObject[] = [
  // /product/{title} opens the course dialog over the home page (StorefrontOverlays, in the layout, reads the
  // path); one parent route keeps the home page mounted, and in place, while the dialog opens and closes.
  {
    element: home,
    children: [
      { index: true, element: null },
      { path: storefrontPages.product, element: null },
    ],
  },
  {
    path: storefrontPages.courses,
    element: (
      <CoursesPage
        myOrders={
          <Suspense fallback={null}>
            <MyOrders />
          </Suspense>
        }
      />
    ),
  },
  { path: storefrontPages.creditCard, element: <PaymentPage kind="credit" /> },
  { path: storefrontPages.creditCardSmartPay, element: <PaymentPage kind="smatrpay" /> },
  { path: storefrontPages.qrPayment, element: <PaymentPage kind="qrcode" /> },
  ...(['checkout', 'checkoutQr', 'checkoutUnionpay'] as const).map((kind) => ({
    path: storefrontPages[kind],
    element: <CheckoutPage kind={kind} />,
  })),
  { path: storefrontPages.logout, element: <LogoutPage /> },
  { path: storefrontPages.certificate, element: <CertificatePage /> },
  { path: storefrontPages.documentVerify, element: <DocumentVerifyPage /> },
  { path: storefrontPages.coin, element: <CoinPage /> },
  { path: storefrontPages.learning, element: <LearningPage /> },
  { path: storefrontPages.courseTest, element: <QuizPage /> },
  ...contentPages.map((page) => ({ path: storefrontPages[page], element: <ContentPage page={page} /> })),
  {
    path: storefrontPages.code,
    element: (
      <>
        {home}
        <OpenChangePassword />
      </>
    ),
  },
  { path: '*', element: <NotFound /> },
];

/** A link cut mid-character (`/product/%E0%B8`) names no page: the server answers 404, and so does the page. */
function ReadablePath() {
  // The router hands out a path it has already tried to decode; the address bar keeps what was asked for.
  useLocation();
  // The server renders only paths it could read (it answers 404 before rendering otherwise).
  if (typeof window === 'undefined') return <Outlet />;
  try {
    decodeURIComponent(window.location.pathname);
  } catch {
    return <NotFound />;
  }
  return <Outlet />;
}

/** Without a staff login, only these back-office pages open (spec §6); react-admin sends /admin to its login. */
const ADMIN_OPEN = /^\/admin(\/login)?\/?$/;

/**
 * Spec §6 admin layout: a signed-in member (a shopper's token, no staff token) goes to /; any other admin page
 * without a staff login goes to /logout. Staff keep their token under its own key, never the shopper's.
 */
function AdminGate() {
  const { pathname } = useLocation();
  if (!localStorage.getItem(ADMIN_TOKEN_KEY)) {
    if (getToken()) return <Navigate to="/" replace />;
    if (!ADMIN_OPEN.test(pathname)) return <Navigate to="/logout" replace />;
  }
  return (
    <Suspense fallback={<PageLoading />}>
      <AdminApp />
    </Suspense>
  );
}

/** The app's routes: the browser's router (main.tsx) and the server's renderer (entry-server.tsx) share them. */
export const routes: RouteObject[] = [
  {
    path: '/admin/*',
    element: <AdminGate />,
    errorElement: <ErrorPage standalone />,
  },
  {
    element: <PublicLayout />,
    errorElement: <ErrorPage standalone />,
    // The pathless child catches page errors inside the layout, so the top bar and footer stay usable.
    children: [{ errorElement: <ErrorPage />, element: <ReadablePath />, children: storefrontRoutes }],
  },
];

/**
 * The lazy chunks a server-rendered page showed, loaded before the browser hydrates it: a part still loading
 * would keep the server's markup unhydrated, and an update reaching it then (a member's session) would throw the
 * markup away. The server renders these paths only (entry-server.tsx).
 */
export function preloadRendered(pathname: string, search: string): Promise<unknown> {
  const chunks: Promise<unknown>[] = [ContentPage.preload()];
  if (pathname.startsWith('/courses')) chunks.push(CoursesPage.preload());
  if (courseRequestOf(pathname, search)) chunks.push(preloadOverlays());
  return Promise.all(chunks);
}
