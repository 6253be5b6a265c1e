import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SEARCH_MAX_LENGTH } from '@sikkha/contract/rules';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { type Product, searchCourses, useCategories, useProducts } from '../../api/catalogue';
import { usePageTitle } from '../../hooks/use-page-title';
import { useTranslation } from '../../i18n';
import { courseOverPage, SEARCH_PARAM } from '../../lib/course-paths';
import { catalogueKeys } from '../../lib/query-keys';
import { CourseGrid } from './CourseGrid';
import { MyCourses } from './MyCourses';
import { useStorefrontTexts } from './texts';

/**
 * /courses/:type?/:id? (spec §2): type 'category' with an id narrows the list to that category; type 'onlyOrder'
 * is My courses, with the member's orders that the app hands in (checkout's). A course opens over the list
 * (?course={id}).
 */
export function CoursesPage({ myOrders }: { myOrders?: ReactNode }) {
  return useParams().type === 'onlyOrder' ? <MyCourses orders={myOrders} /> : <CourseList />;
}

/** As many as the server gives one search. */
const SEARCH_RESULTS = 50;

function CourseList() {
  const { t } = useTranslation();
  const text = useStorefrontTexts();
  const { type, id } = useParams();
  const location = useLocation();
  const products = useProducts();
  const categories = useCategories();
  // ?q= (Enter in the search box): the courses the server's search finds, in its order.
  const searched = new URLSearchParams(location.search).get(SEARCH_PARAM)?.trim().slice(0, SEARCH_MAX_LENGTH) || null;
  const found = useQuery({
    queryKey: catalogueKeys.search(searched ?? ''),
    queryFn: () => searchCourses(searched ?? '', SEARCH_RESULTS),
    enabled: searched !== null,
  });

  const categoryId = type === 'category' && id ? Number(id) : null;
  const category = categories.data?.find((item) => item.id === categoryId);
  const inCategory = (product: Product) =>
    categoryId === null || (product.product_category_list ?? []).includes(categoryId);
  const heading =
    searched !== null
      ? t('search.results', { query: searched })
      : categoryId === null
        ? t('courses.allCategories')
        : (category?.category_name ?? (categories.isPending ? '' : text.categoryMissing));
  usePageTitle(searched !== null || categoryId !== null ? heading : t('courses.title'));
  const list = searched !== null ? found : products;

  return (
    <Container sx={{ py: 4 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('courses.title')}
      </Typography>
      <Stack
        component="nav"
        aria-label={t('courses.categories')}
        direction="row"
        useFlexGap
        sx={{ flexWrap: 'wrap', gap: 1, mb: 3 }}
      >
        <Chip
          label={t('courses.allCategories')}
          component={RouterLink}
          to="/courses"
          clickable
          color={categoryId === null && searched === null ? 'primary' : 'default'}
          aria-current={categoryId === null && searched === null ? 'page' : undefined}
        />
        {categories.isPending &&
          [0, 1, 2].map((i) => <Skeleton key={i} variant="rounded" width={110} height={32} sx={{ borderRadius: 4 }} />)}
        {categories.data?.map((item) => (
          <Chip
            key={item.id}
            label={item.category_name}
            component={RouterLink}
            to={`/courses/category/${item.id}`}
            clickable
            color={item.id === categoryId ? 'primary' : 'default'}
            aria-current={item.id === categoryId ? 'page' : undefined}
          />
        ))}
      </Stack>
      {categories.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {text.categoriesError}
        </Alert>
      )}
      <Typography variant="h5" component="h2" gutterBottom sx={{ minHeight: '1.5em' }}>
        {heading}
      </Typography>
      <CourseGrid
        products={list.data?.filter(inCategory)}
        isPending={list.isPending}
        error={list.error}
        linkOf={(product) => courseOverPage(location, product.id)}
        empty={searched !== null ? t('search.noOptions') : categoryId === null ? undefined : text.categoryEmpty}
      />
    </Container>
  );
}
