import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { Suspense } from 'react';
import { NavLink, Link as RouterLink } from 'react-router';
import { useToken } from '../../api/session';
import { CourseSearch } from '../../features/storefront/CourseSearch';
import { useTranslation } from '../../i18n';
import { lazyWithReload } from '../../lib/lazy-with-reload';
import { openAccountDialog } from '../../stores/account-dialogs';
import { LanguageSwitch } from './LanguageSwitch';
import { NAV_ITEMS } from './nav-items';

interface TopBarProps {
  onOpenMenu: () => void;
  onOpenHelp: () => void;
}

// Only a signed-in member needs the notification bell and the user menu (and MUI's Menu under them).
const MemberControls = lazyWithReload(() => import('./MemberControls').then((m) => m.MemberControls));

const desktopOnly = { display: { xs: 'none', md: 'flex' } } as const;

export function TopBar({ onOpenMenu, onOpenHelp }: TopBarProps) {
  const { t } = useTranslation();
  const signedIn = useToken() !== null;
  return (
    <AppBar position="sticky" color="inherit" elevation={1}>
      <Toolbar sx={{ gap: { xs: 1, md: 2 } }}>
        <IconButton edge="start" aria-label={t('nav.openMenu')} onClick={onOpenMenu} sx={{ display: { md: 'none' } }}>
          <MenuIcon />
        </IconButton>
        <Link
          component={RouterLink}
          to="/"
          underline="none"
          variant="h5"
          sx={{ fontWeight: 700, whiteSpace: 'nowrap', color: 'primary.main' }}
        >
          {t('brand.name')}
        </Link>
        <Box sx={{ ...desktopOnly, flex: 1, maxWidth: 420 }}>
          <CourseSearch />
        </Box>
        <Box component="nav" aria-label={t('nav.label')} sx={{ ...desktopOnly, gap: 0.5, ml: 'auto' }}>
          {NAV_ITEMS.map((item) => (
            <Button
              key={item.to}
              component={NavLink}
              to={item.to}
              end
              color="inherit"
              sx={{ '&.active': { color: 'primary.main', fontWeight: 700 } }}
            >
              {t(`nav.${item.label}`)}
            </Button>
          ))}
          <Button color="inherit" onClick={onOpenHelp}>
            {t('nav.help')}
          </Button>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, ml: { xs: 'auto', md: 0 } }}>
          <LanguageSwitch />
          {signedIn ? (
            <Suspense fallback={<Box sx={{ width: 80 }} />}>
              <MemberControls />
            </Suspense>
          ) : (
            <Button
              variant="contained"
              onClick={() => openAccountDialog({ name: 'login' })}
              sx={{ whiteSpace: 'nowrap' }}
            >
              {t('nav.login')}
            </Button>
          )}
        </Box>
      </Toolbar>
      {/* Small screens get the search on its own row, full width. */}
      <Box sx={{ display: { md: 'none' }, px: 2, pb: 1.5 }}>
        <CourseSearch />
      </Box>
    </AppBar>
  );
}
