import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { usePageTitle } from '../../hooks/use-page-title';
import { useTranslation } from '../../i18n';

interface MessagePageProps {
  title: string;
  text: string;
  /** Outside the public layout the page is its own <main>; inside it, the layout's <main> holds it. */
  standalone?: boolean;
}

/** The shared look of the 404 and error pages: a title, one line, and a way home. */
export function MessagePage({ title, text, standalone = false }: MessagePageProps) {
  const { t } = useTranslation();
  usePageTitle(title);
  return (
    <Container component={standalone ? 'main' : 'div'} sx={{ py: 8, textAlign: 'center' }}>
      <Typography variant="h3" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography sx={{ mb: 4 }}>{text}</Typography>
      {/* A plain link, not client navigation: after an error, a fresh load is the safest way home. */}
      <Button href="/" variant="contained">
        {t('errors.home')}
      </Button>
    </Container>
  );
}
