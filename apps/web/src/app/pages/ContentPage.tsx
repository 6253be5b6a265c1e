import type { ComponentType } from 'react';
import { useParams } from 'react-router';
import { lazyWithReload } from '../../app/lazy-with-reload';
import { LatestNews } from '../news/LatestNews';
import { NewsArticlePage } from '../news/NewsArticlePage';
import { AllNewsPage, NewsListPage } from '../news/NewsListPage';
import { CallbackPage } from './CallbackPage';
import { ContactPage } from './ContactPage';
import { InspirePage } from './InspirePage';
import { PricingPage } from './PricingPage';

// The legal texts are the bulk of the content pages: they come in a chunk of their own, only when opened.
const legalPages = () => import('../legal/LegalPages');

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
