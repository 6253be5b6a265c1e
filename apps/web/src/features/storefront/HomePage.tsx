import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useProducts } from '../../api/catalogue';
import { usePageTitle } from '../../hooks/use-page-title';
import { useTranslation } from '../../i18n';
import { CoachList } from './CoachList';
import { CourseGrid } from './CourseGrid';
import { Hero } from './Hero';

/** `latestNews` comes from the app, which owns the news pages' lazy chunk (a feature never imports another). */
export function HomePage({ latestNews }: { latestNews?: ReactNode }) {
  const { t } = useTranslation();
  const products = useProducts();
  // In the interface language; the server's Thai title is what a shared link shows.
  usePageTitle(t('brand.tagline'));
  return (
    <>
      <Hero />
      <Container sx={{ py: 6 }}>
        <Stack spacing={6}>
          <section aria-labelledby="courses-title">
            <Typography id="courses-title" variant="h4" component="h2" gutterBottom>
              {t('courses.title')}
            </Typography>
            <CourseGrid products={products.data} isPending={products.isPending} error={products.error} />
          </section>
          <section aria-labelledby="coaches-title">
            <Typography id="coaches-title" variant="h4" component="h2" gutterBottom>
              {t('coaches.title')}
            </Typography>
            <CoachList />
          </section>
          {latestNews}
        </Stack>
      </Container>
    </>
  );
}
