import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Pagination from '@mui/material/Pagination';
import PaginationItem from '@mui/material/PaginationItem';
import Typography from '@mui/material/Typography';
import { Navigate, Link as RouterLink, useLocation } from 'react-router';
import { usePageTitle } from '../../hooks/use-page-title';
import { NEWS_PAGE_SIZE, useNewsPage } from './api';
import { NewsCardSkeletons, NewsGrid } from './NewsCard';
import { useNewsTexts } from './texts';

/** /news and /allNews: every news item, newest first, a page of cards at a time (?page=n, shareable). */
export function NewsListPage({ all = false }: { all?: boolean }) {
  const text = useNewsTexts();
  // Read from the location rather than useSearchParams, which would add its code to the first-load chunk.
  const { pathname, search } = useLocation();
  const requested = Number(new URLSearchParams(search).get('page') ?? 1);
  const page = Number.isInteger(requested) && requested > 0 ? requested : 1;
  const news = useNewsPage(page);
  const title = all ? text.allNews : text.news;
  usePageTitle(title);

  const pages = Math.max(1, Math.ceil((news.data?.total ?? 0) / NEWS_PAGE_SIZE));
  const items = news.data?.items ?? [];
  // A page past the end (an old link after news were removed) goes back to the first page.
  if (news.data && items.length === 0 && news.data.total > 0 && page > 1) return <Navigate to={pathname} replace />;

  return (
    <Container sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h4" component="h1" gutterBottom sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {news.error ? (
        <Alert severity="error">
          {text.loadError}: {news.error.message}
        </Alert>
      ) : news.isPending ? (
        <NewsCardSkeletons count={3} />
      ) : items.length === 0 ? (
        <Alert severity="info">{text.empty}</Alert>
      ) : (
        <NewsGrid items={items} />
      )}
      {pages > 1 && (
        <Pagination
          page={Math.min(page, pages)}
          count={pages}
          color="primary"
          aria-label={text.pager}
          sx={{ mt: 4, display: 'flex', justifyContent: 'center' }}
          getItemAriaLabel={(type, item) =>
            type === 'previous' ? text.previous : type === 'next' ? text.next : text.page(item ?? 1)
          }
          renderItem={(item) => (
            <PaginationItem
              component={RouterLink}
              to={item.page === 1 ? pathname : `${pathname}?page=${item.page}`}
              {...item}
            />
          )}
        />
      )}
    </Container>
  );
}

export const AllNewsPage = () => <NewsListPage all />;
