import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCookies } from '../../lib/request-cookies';
import { type CookieConsent, readCookieConsent, saveCookieConsent } from './cookie-consent';

export function CookieBanner() {
  const { t } = useTranslation();
  const cookies = useCookies();
  const [answered, setAnswered] = useState(() => readCookieConsent(cookies) !== null);
  if (answered) return null;

  const answer = (consent: CookieConsent) => {
    saveCookieConsent(consent);
    setAnswered(true);
  };

  return (
    <Paper
      role="region"
      aria-label={t('cookie.label')}
      elevation={6}
      square
      // Sticky, not fixed: it rides along the bottom edge but never covers the end of the footer. Above the page,
      // below dialogs (appBar < modal): on a phone it would otherwise cover a long dialog's submit button.
      sx={{ position: 'sticky', bottom: 0, zIndex: 'appBar', p: 2 }}
    >
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <Typography variant="body2" sx={{ flex: 1 }}>
          {t('cookie.message')}{' '}
          <Link component={RouterLink} to="/privacy-policy">
            {t('footer.privacy')}
          </Link>
          {' · '}
          <Link component={RouterLink} to="/terms-and-conditions">
            {t('footer.terms')}
          </Link>
        </Typography>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button variant="outlined" onClick={() => answer('disagree')}>
            {t('cookie.disagree')}
          </Button>
          <Button variant="contained" onClick={() => answer('agree')}>
            {t('cookie.agree')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
