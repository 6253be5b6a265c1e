import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { type Product, useCategories, useProducts } from '../../api/catalogue';
import { usePageTitle } from '../../hooks/use-page-title';
import { courseOverPage } from '../../lib/course-paths';
import { CourseGrid } from './CourseGrid';
import { MyCourses } from './MyCourses';
import { useStorefrontTexts } from './texts';

/**
 * /courses/:type?/:id? (spec §2): type 'category' with an id narrows the list to that category; type 'onlyOrder'
 * is My courses. A course opens over the list (?course={id}).
 */
export function CoursesPage() {
  return useParams().type === 'onlyOrder' ? <MyCourses /> : <CourseList />;
}

function CourseList() {
  const { t } = useTranslation();
  const text = useStorefrontTexts();
  const { type, id } = useParams();
  const { pathname } = useLocation();
  const products = useProducts();
  const categories = useCategories();

  const categoryId = type === 'category' && id ? Number(id) : null;
  const category = categories.data?.find((item) => item.id === categoryId);
  const inCategory = (product: Product) =>
    categoryId === null || (product.product_category_list ?? []).includes(categoryId);
  const heading =
    categoryId === null
      ? t('courses.allCategories')
      : (category?.category_name ?? (categories.isPending ? '' : text.categoryMissing));
  usePageTitle(categoryId === null ? t('courses.title') : category?.category_name);

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
          color={categoryId === null ? 'primary' : 'default'}
          aria-current={categoryId === null ? 'page' : undefined}
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
        products={products.data?.filter(inCategory)}
        isPending={products.isPending}
        error={products.error}
        linkOf={(product) => courseOverPage(pathname, product.id)}
        empty={categoryId === null ? undefined : text.categoryEmpty}
      />
    </Container>
  );
}
