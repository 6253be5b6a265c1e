import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { usePageTitle } from '../../hooks/use-page-title';
import { useTranslation } from '../../i18n';
import type { Translation } from '../../i18n/th';

export type PageTitle = Exclude<keyof Translation['pages'], 'comingSoon'>;

/** Holds a route of the spec's table until its issue gives it content, so the route is not a 404. */
export function TitledPage({ title }: { title: PageTitle }) {
  const { t } = useTranslation();
  usePageTitle(t(`pages.${title}`));
  return (
    <Container sx={{ py: 6 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t(`pages.${title}`)}
      </Typography>
      <Typography color="text.secondary">{t('pages.comingSoon')}</Typography>
    </Container>
  );
}
