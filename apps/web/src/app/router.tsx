import { Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { LogoutPage } from '../features/account/LogoutPage';
import { HomePage } from '../features/storefront/HomePage';
import { PublicLayout } from './layouts/PublicLayout';
import { lazyWithReload } from './lazy-with-reload';
import { ErrorPage } from './pages/ErrorPage';
import { NotFound } from './pages/NotFound';
import { PageLoading } from './pages/PageLoading';
import { type PageTitle, TitledPage } from './pages/TitledPage';

// Only the home page is in the entry chunk; other pages with real content load on demand.
const CoursesPage = lazyWithReload(() => import('../features/storefront/CoursesPage').then((m) => m.CoursesPage));
// The back office is a separate tree: a shopper never downloads react-admin.
const AdminApp = lazyWithReload(() => import('../admin/AdminApp').then((m) => m.AdminApp));

// Routes of the spec's table (§2) that later issues fill. Path spellings (creditCardSmatrPay, qrPlayment) are
// the spec's own and kept verbatim: they are part of the contract.
const placeholders: [path: string, title: PageTitle][] = [
  ['pricing/:type?/:id?', 'pricing'],
  ['news/:id?', 'news'],
  ['allNews', 'allNews'],
  ['contact', 'contact'],
  ['inspire', 'inspire'],
  ['callback', 'callback'],
  ['checkout', 'checkout'],
  ['checkoutQr', 'checkoutQr'],
  ['checkoutUnionpay', 'checkoutUnionpay'],
  ['creditCard/:id?', 'creditCard'],
  ['creditCardSmatrPay/:id?', 'creditCardSmartPay'],
  ['qrPlayment/:id?', 'qrPayment'],
  ['privacy-policy', 'privacyPolicy'],
  ['terms-and-conditions', 'terms'],
  ['signaturePrivacyPolicy', 'signaturePrivacyPolicy'],
  ['code/:code?', 'changePassword'],
  ['product/:product?', 'product'],
];

const storefrontRoutes: RouteObject[] = [
  { index: true, element: <HomePage /> },
  { path: 'courses/:type?/:id?', element: <CoursesPage /> },
  { path: 'logout', element: <LogoutPage /> },
  ...placeholders.map(([path, title]) => ({ path, element: <TitledPage title={title} /> })),
  { path: '*', element: <NotFound /> },
];

export const router = createBrowserRouter([
  {
    path: '/admin/*',
    element: (
      <Suspense fallback={<PageLoading />}>
        <AdminApp />
      </Suspense>
    ),
    errorElement: <ErrorPage standalone />,
  },
  {
    element: <PublicLayout />,
    errorElement: <ErrorPage standalone />,
    // The pathless child catches page errors inside the layout, so the top bar and footer stay usable.
    children: [{ errorElement: <ErrorPage />, children: storefrontRoutes }],
  },
]);
