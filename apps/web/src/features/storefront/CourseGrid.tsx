import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import type { Product } from '../../api/catalogue';
import { CourseCard } from './CourseCard';

const cell = { xs: 12, sm: 6, md: 4, lg: 3 } as const;

interface CourseGridProps {
  products: Product[] | undefined;
  isPending: boolean;
  error: Error | null;
}

/** The course grid with its loading, error and empty states, shared by the home and course pages. */
export function CourseGrid({ products, isPending, error }: CourseGridProps) {
  const { t } = useTranslation();
  if (error) {
    return (
      <Alert severity="error">
        {t('courses.loadError')}: {error.message}
      </Alert>
    );
  }
  if (!isPending && !products?.length) return <Alert severity="info">{t('courses.empty')}</Alert>;

  return (
    <Grid container spacing={3} aria-busy={isPending}>
      {isPending
        ? Array.from({ length: 4 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Grid key={i} size={cell}>
              <Skeleton variant="rounded" height={320} />
            </Grid>
          ))
        : products?.map((product) => (
            <Grid key={product.id} size={cell}>
              <CourseCard product={product} />
            </Grid>
          ))}
    </Grid>
  );
}
