import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import type { Product } from '../../api/catalogue';
import { useTranslation } from '../../i18n';
import { CourseCard } from './CourseCard';

// A CSS grid in sx rather than MUI's Grid: same result, less code on the first load.
export const courseGridSx = {
  display: 'grid',
  gap: 3,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)', lg: 'repeat(4, 1fr)' },
  listStyle: 'none',
  p: 0,
  m: 0,
} as const;

interface CourseGridProps {
  products: Product[] | undefined;
  isPending: boolean;
  error: Error | null;
  /** Where each card opens its course (CourseCard's `to`). */
  linkOf?: (product: Product) => string;
  /** The empty state's words, when the page has better ones. */
  empty?: string;
}

/** The course grid with its loading, error and empty states, shared by the home and course pages. */
export function CourseGrid({ products, isPending, error, linkOf, empty }: CourseGridProps) {
  const { t } = useTranslation();
  if (error) {
    return (
      <Alert severity="error">
        {t('courses.loadError')}: {error.message}
      </Alert>
    );
  }
  if (isPending) {
    return (
      <Box sx={courseGridSx} aria-busy>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} variant="rounded" height={320} />
        ))}
      </Box>
    );
  }
  if (!products?.length) return <Alert severity="info">{empty ?? t('courses.empty')}</Alert>;

  return (
    <Box component="ul" sx={courseGridSx}>
      {products.map((product, i) => (
        <li key={product.id}>
          <CourseCard product={product} to={linkOf?.(product)} first={i === 0} />
        </li>
      ))}
    </Box>
  );
}
