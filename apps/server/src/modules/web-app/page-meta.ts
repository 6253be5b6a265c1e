import { coursePath, fileUrl, scriptJson } from '@sikkha/contract/rules';
import { and, asc, eq, getTableName } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { isConnectionLost } from '../../db/connection-lost.js';
import { shownRatings } from '../../db/review-ratings.js';
import { news, product, review } from '../../db/schema/index.js';
import { escapeHtml } from '../../lib/html.js';
import { type Actor, productsVisibleTo } from '../../policies/index.js';

/** Shared pages are what anyone sees: a search engine is a visitor. */
const visitor: Actor = { kind: 'visitor' };
const SITE = 'สิกขา | Sikkha';
const SITE_DESCRIPTION = 'สิกขา คอร์สเรียนออนไลน์ผ่านวิดีโอ เรียนได้ทุกที่ทุกเวลา';

export interface PageMeta {
  title: string;
  description: string;
  url: string;
  image?: string;
  type: 'website' | 'product' | 'article';
  structured?: Record<string, unknown>;
}

const excerpt = (text: string | null, fallback: string) => {
  const plain = (text ?? '').replace(/\s+/g, ' ').trim();
  return plain ? (plain.length > 160 ? `${plain.slice(0, 157)}…` : plain) : fallback;
};

/** The tables a page's meta is read from (`metaFor`). */
export const META_TABLES = [getTableName(product), getTableName(news), getTableName(review)];

/** Titles, descriptions, Open Graph and structured data for shareable pages, and the sitemap. */
export function pageMetaService(db: Db, publicUrl: string) {
  const absolute = (path: string) => `${publicUrl}${path}`;

  async function courseMeta(title: string): Promise<PageMeta | null> {
    const [row] = await db
      .select()
      .from(product)
      .where(and(eq(product.product_title, title), productsVisibleTo(visitor)))
      .limit(1);
    if (!row) return null;
    const url = absolute(coursePath(row.product_title));
    const image = row.product_img_head ?? row.product_img_mini;
    const description = excerpt(row.product_detail, SITE_DESCRIPTION);
    const [rating] = await shownRatings(db, eq(review.product_id, row.id));
    return {
      title: `${row.product_title} | สิกขา`,
      description,
      url,
      image: image ? absolute(fileUrl(row.product_img_head ? 'productHead' : 'productMini', image)) : undefined,
      type: 'product',
      structured: {
        '@context': 'https://schema.org',
        '@type': 'Course',
        name: row.product_title,
        description,
        url,
        provider: { '@type': 'Organization', name: 'สิกขา', sameAs: publicUrl },
        offers: {
          '@type': 'Offer',
          price: row.product_price.toFixed(2),
          priceCurrency: 'THB',
          availability: row.product_disable === 'Y' ? 'https://schema.org/PreOrder' : 'https://schema.org/InStock',
          category: 'Paid',
        },
        // schema.org/Course takes aggregateRating (from CreativeWork); AggregateRating's ratingValue and
        // reviewCount, on the default 1 to 5 scale (bestRating 5, worstRating 1) said outright. Only when rated:
        // a rating of no reviews is no rating.
        ...(rating
          ? {
              aggregateRating: {
                '@type': 'AggregateRating',
                ratingValue: rating.average,
                reviewCount: rating.count,
                bestRating: 5,
                worstRating: 1,
              },
            }
          : {}),
      },
    };
  }

  async function newsMeta(id: number): Promise<PageMeta | null> {
    const [row] = await db.select().from(news).where(eq(news.id, id)).limit(1);
    if (!row) return null;
    const url = absolute(`/news/${row.id}`);
    const image = row.news_path_head ?? row.news_path;
    const description = excerpt(row.news_detail, SITE_DESCRIPTION);
    return {
      title: `${row.news_title} | สิกขา`,
      description,
      url,
      image: image ? absolute(fileUrl(row.news_path_head ? 'newsHead' : 'news', image)) : undefined,
      type: 'article',
      structured: {
        '@context': 'https://schema.org',
        '@type': 'NewsArticle',
        headline: row.news_title,
        description,
        url,
        datePublished: row.create_at,
        dateModified: row.update_at,
        ...(image ? { image: [absolute(fileUrl(row.news_path_head ? 'newsHead' : 'news', image))] } : {}),
        publisher: { '@type': 'Organization', name: 'สิกขา' },
      },
    };
  }

  /** The site's own meta, for a page that is no course or news item, or that cannot be looked up now. */
  const siteMeta = (path: string): PageMeta => ({
    title: SITE,
    description: SITE_DESCRIPTION,
    url: absolute(path.split(/[?#]/)[0] ?? '/'),
    type: 'website',
  });

  return {
    /** The meta of a page path, or the site's own when the path is not a course or a news item. */
    async metaFor(path: string): Promise<PageMeta> {
      const course = /^\/product\/([^/?#]+)/.exec(path);
      const article = /^\/news\/(\d{1,9})(?:[/?#]|$)/.exec(path);
      let found: PageMeta | null = null;
      if (course) {
        try {
          found = await courseMeta(decodeURIComponent(course[1]!));
        } catch (error) {
          // A name cut mid-character is a page that does not exist; a database out of reach is not.
          if (isConnectionLost(error)) throw error;
          found = null;
        }
      } else if (article) {
        found = await newsMeta(Number(article[1]));
      }
      return found ?? siteMeta(path);
    },

    siteMeta,

    /** Puts the page's title and meta into the app's index.html, so links shared anywhere show the course. */
    render(indexHtml: string, meta: PageMeta): string {
      const tags = [
        `<meta name="description" content="${escapeHtml(meta.description)}" />`,
        `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
        `<meta property="og:site_name" content="สิกขา" />`,
        `<meta property="og:locale" content="th_TH" />`,
        `<meta property="og:type" content="${meta.type === 'article' ? 'article' : 'website'}" />`,
        `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
        `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
        `<meta property="og:url" content="${escapeHtml(meta.url)}" />`,
        ...(meta.image
          ? [
              `<meta property="og:image" content="${escapeHtml(meta.image)}" />`,
              `<meta name="twitter:card" content="summary_large_image" />`,
            ]
          : [`<meta name="twitter:card" content="summary" />`]),
        ...(meta.structured ? [`<script type="application/ld+json">${scriptJson(meta.structured)}</script>`] : []),
      ].join('\n    ');
      return indexHtml
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(meta.title)}</title>`)
        .replace(/\s*<meta name="description"[^>]*>/, '')
        .replace('</head>', `    ${tags}\n  </head>`);
    },

    async sitemap(): Promise<string> {
      const [courses, articles] = await Promise.all([
        db
          .select({ title: product.product_title, update_at: product.update_at })
          .from(product)
          .where(productsVisibleTo(visitor))
          .orderBy(asc(product.id)),
        db.select({ id: news.id, update_at: news.update_at }).from(news).orderBy(asc(news.id)),
      ]);
      const entry = (path: string, updated?: string) =>
        `  <url><loc>${escapeHtml(absolute(path))}</loc>${updated ? `<lastmod>${updated.slice(0, 10)}</lastmod>` : ''}</url>`;
      return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...['/', '/courses', '/allNews', '/contact', '/pricing', '/privacy-policy', '/terms-and-conditions'].map((p) =>
          entry(p),
        ),
        ...courses.map((c) => entry(`/product/${encodeURIComponent(c.title)}`, c.update_at)),
        ...articles.map((a) => entry(`/news/${a.id}`, a.update_at)),
        '</urlset>',
        '',
      ].join('\n');
    },

    robots(): string {
      return [
        'User-agent: *',
        'Allow: /',
        'Disallow: /admin',
        'Disallow: /api/',
        `Sitemap: ${absolute('/sitemap.xml')}`,
        '',
      ].join('\n');
    },
  };
}
export type PageMetaService = ReturnType<typeof pageMetaService>;
