import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { usePageTitle } from '../../hooks/use-page-title';
import { usePagesTexts } from './texts';

/**
 * /callback: where payment gateways return the shopper. For now a neutral "processing" page; the payments issue
 * makes it read the gateway's answer and move on (to #gateway-success or #gateway-fail).
 */
export function CallbackPage() {
  const text = usePagesTexts().callback;
  const { title } = text;
  usePageTitle(title);
  return (
    <Container maxWidth="sm" sx={{ py: 8, textAlign: 'center' }}>
      <Box role="status" aria-live="polite">
        <CircularProgress aria-hidden sx={{ mb: 3 }} />
        <Typography variant="h4" component="h1" gutterBottom>
          {title}…
        </Typography>
        <Typography sx={{ mb: 4 }}>{text.text}</Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center', flexWrap: 'wrap' }}>
        <Button component={RouterLink} to="/" variant="contained">
          {text.home}
        </Button>
        <Button component={RouterLink} to="/courses/onlyOrder">
          {text.myCourses}
        </Button>
      </Box>
    </Container>
  );
}
