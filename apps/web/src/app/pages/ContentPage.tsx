import type { ComponentType } from 'react';
import { useParams } from 'react-router';
import { LatestNews } from '../../features/news/LatestNews';
import { NewsArticlePage } from '../../features/news/NewsArticlePage';
import { AllNewsPage, NewsListPage } from '../../features/news/NewsListPage';
import { CallbackPage } from '../../features/pages/CallbackPage';
import { ContactPage } from '../../features/pages/ContactPage';
import { InspirePage } from '../../features/pages/InspirePage';
import { PricingPage } from '../../features/pages/PricingPage';
import { lazyWithReload } from '../../lib/lazy-with-reload';

// The legal texts are the bulk of the content pages: they come in a chunk of their own, only when opened.
const legalPages = () => import('../../features/legal/LegalPages');

/** /news lists the news; /news/{id} is one article. */
function NewsPage() {
  return useParams().id === undefined ? <NewsListPage /> : <NewsArticlePage />;
}

const PAGES = {
  // Routes (router.tsx, contentPages)
  news: NewsPage,
  allNews: AllNewsPage,
  pricing: PricingPage,
  contact: ContactPage,
  inspire: InspirePage,
  callback: CallbackPage,
  privacyPolicy: lazyWithReload(() => legalPages().then((m) => m.PrivacyPolicyPage)),
  terms: lazyWithReload(() => legalPages().then((m) => m.TermsPage)),
  signaturePrivacyPolicy: lazyWithReload(() => legalPages().then((m) => m.SignaturePolicyPage)),
  // The home page's "latest news" section, below the fold
  latestNews: LatestNews,
} satisfies Record<string, ComponentType>;

export type ContentPageName = keyof typeof PAGES;

/**
 * The storefront's content pages (and the home page's latest news) behind one lazy boundary: the first-load
 * chunk carries one loader and a page name per route, instead of a loader and a chunk list per page.
 */
export function ContentPage({ page }: { page: ContentPageName }) {
  const Page: ComponentType = PAGES[page];
  return <Page />;
}
