import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../i18n';

export function Hero() {
  const { t } = useTranslation();
  return (
    <Box
      component="section"
      aria-labelledby="hero-title"
      sx={{
        // Heights by breakpoint as the spec gives them.
        height: { xs: 220, sm: 400, md: 500, lg: 600, xl: 800 },
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: { xs: 1.5, md: 3 },
        px: 2,
        textAlign: 'center',
        color: 'common.white',
        background: 'linear-gradient(135deg, #0b3a63 0%, #0f4c81 55%, #1d6fa5 100%)',
      }}
    >
      <Typography
        id="hero-title"
        variant="h1"
        sx={{ fontSize: { xs: '1.5rem', sm: '2.5rem', lg: '3.5rem' }, fontWeight: 700 }}
      >
        {t('hero.title')}
      </Typography>
      <Typography variant="h2" component="p" sx={{ fontSize: { xs: '1rem', sm: '1.25rem', lg: '1.5rem' } }}>
        {t('hero.subtitle')}
      </Typography>
      <Button component={RouterLink} to="/courses" variant="contained" color="secondary" size="large">
        {t('hero.cta')}
      </Button>
    </Box>
  );
}
