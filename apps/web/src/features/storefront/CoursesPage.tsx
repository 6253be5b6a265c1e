import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { type Product, useCategories, useProducts } from '../../api/catalogue';
import { CourseGrid } from './CourseGrid';

/** /courses/:type?/:id? — type 'category' with an id narrows the list to that category. */
export function CoursesPage() {
  const { t } = useTranslation();
  const { type, id } = useParams();
  const products = useProducts();
  const categories = useCategories();

  const categoryId = type === 'category' && id ? Number(id) : null;
  const categoryName = categories.data?.find((category) => category.id === categoryId)?.category_name;
  const inCategory = (product: Product) =>
    categoryId === null || (product.product_category_list ?? []).includes(categoryId);

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
        {categories.data?.map((category) => (
          <Chip
            key={category.id}
            label={category.category_name}
            component={RouterLink}
            to={`/courses/category/${category.id}`}
            clickable
            color={category.id === categoryId ? 'primary' : 'default'}
            aria-current={category.id === categoryId ? 'page' : undefined}
          />
        ))}
      </Stack>
      <Typography variant="h5" component="h2" gutterBottom>
        {categoryName ?? t('courses.allCategories')}
      </Typography>
      <CourseGrid products={products.data?.filter(inCategory)} isPending={products.isPending} error={products.error} />
    </Container>
  );
}
