import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type MouseEvent, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslation } from '../../i18n';
import { useCookies } from '../../lib/request-cookies';
import { COOKIE_CONSENT_FORM, type CookieConsent, readCookieConsent, saveCookieConsent } from './cookie-consent';

export function CookieBanner() {
  const { t } = useTranslation();
  const cookies = useCookies();
  const [answered, setAnswered] = useState(() => readCookieConsent(cookies) !== null);
  const { pathname, search } = useLocation();
  if (answered) return null;

  // Once the page has hydrated the answer is kept here; a tap before that submits the form to the server instead.
  const answer = (consent: CookieConsent) => (event: MouseEvent) => {
    event.preventDefault();
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
        <Stack
          component="form"
          method="post"
          action={COOKIE_CONSENT_FORM}
          direction="row"
          spacing={1}
          sx={{ justifyContent: 'flex-end' }}
        >
          <input type="hidden" name="back" value={pathname + search} />
          <Button type="submit" name="answer" value="disagree" variant="outlined" onClick={answer('disagree')}>
            {t('cookie.disagree')}
          </Button>
          <Button type="submit" name="answer" value="agree" variant="contained" onClick={answer('agree')}>
            {t('cookie.agree')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
