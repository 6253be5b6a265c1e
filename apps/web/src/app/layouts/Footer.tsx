import ChatIcon from '@mui/icons-material/Chat';
import FacebookIcon from '@mui/icons-material/Facebook';
import YouTubeIcon from '@mui/icons-material/YouTube';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../i18n';

const CONTACT_EMAIL = 'contact@sikkha.example';

// MUI has no LINE icon; a chat bubble stands in for it.
const SOCIAL_LINKS = [
  { label: 'facebook', href: 'https://www.facebook.com/sikkha.example', Icon: FacebookIcon },
  { label: 'line', href: 'https://line.me/R/ti/p/@sikkha.example', Icon: ChatIcon },
  { label: 'youtube', href: 'https://www.youtube.com/@sikkha.example', Icon: YouTubeIcon },
] as const;

export function Footer() {
  const { t } = useTranslation();
  return (
    <Box component="footer" sx={{ bgcolor: 'grey.900', color: 'grey.100', py: 4, mt: 'auto' }}>
      <Container>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr 1fr' } }}>
          <div>
            <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
              {t('brand.name')}
            </Typography>
            <Box component="address" sx={{ fontStyle: 'normal' }}>
              <Typography variant="body2">{t('footer.address')}</Typography>
              <Typography variant="body2">
                {t('footer.email')}:{' '}
                <Link href={`mailto:${CONTACT_EMAIL}`} color="inherit">
                  {CONTACT_EMAIL}
                </Link>
              </Typography>
            </Box>
          </div>
          <div>
            <Stack spacing={0.5}>
              <Link component={RouterLink} to="/privacy-policy" color="inherit" variant="body2">
                {t('footer.privacy')}
              </Link>
              <Link component={RouterLink} to="/terms-and-conditions" color="inherit" variant="body2">
                {t('footer.terms')}
              </Link>
              <Link component={RouterLink} to="/verify-document" color="inherit" variant="body2">
                {t('footer.verifyDocument')}
              </Link>
            </Stack>
          </div>
          <div>
            <Typography variant="body2">{t('footer.social')}</Typography>
            <Stack direction="row">
              {SOCIAL_LINKS.map(({ label, href, Icon }) => (
                <IconButton
                  key={label}
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t(`footer.${label}`)}
                  sx={{ color: 'inherit' }}
                >
                  <Icon />
                </IconButton>
              ))}
            </Stack>
          </div>
        </Box>
      </Container>
    </Box>
  );
}
