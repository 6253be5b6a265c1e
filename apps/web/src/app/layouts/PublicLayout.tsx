import Box from '@mui/material/Box';
import { Suspense, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router';
import { onSessionExpired } from '../../api/client';
import { getStaffToken, useToken } from '../../api/session';
import { useResumeCheckout } from '../../features/checkout/use-resume-checkout';
import { CookieBanner } from '../../features/legal/CookieBanner';
import { courseRequestOf } from '../../lib/course-paths';
import { lazyWithReload } from '../../lib/lazy-with-reload';
import { openAccountDialog, useAccountDialog } from '../../stores/account-dialogs';
import { PageLoading } from '../pages/PageLoading';
import { Footer } from './Footer';
import { SkipLink } from './SkipLink';
import { TopBar } from './TopBar';

// Opened only on a click, so their code (and MUI's Modal under them) stays out of the first load.
const NavDrawer = lazyWithReload(() => import('./NavDrawer').then((m) => m.NavDrawer));
const HelpDialog = lazyWithReload(() => import('../../features/help/HelpDialog').then((m) => m.HelpDialog));
// The session rules and account dialogs: loaded for a signed-in member or once an account dialog is asked for.
const AccountHost = lazyWithReload(() => import('../../features/account/AccountHost').then((m) => m.AccountHost));
// A signed-in member's waiting payments, asked about again every 5 minutes (checkout's, a small chunk).
const PaymentRecheck = lazyWithReload(() =>
  import('../../features/checkout/PaymentRecheck').then((m) => m.PaymentRecheck),
);
// The course dialog and the payment result dialogs: loaded once the address first asks for one.
const StorefrontOverlays = lazyWithReload(() => import('./StorefrontOverlays').then((m) => m.StorefrontOverlays));
export const preloadOverlays = StorefrontOverlays.preload;

type Panel = 'menu' | 'help';

export function PublicLayout() {
  const [open, setOpen] = useState<Panel | null>(null);
  // A panel stays mounted once loaded, so it can play its closing transition.
  const [loaded, setLoaded] = useState<ReadonlySet<Panel>>(new Set());
  const show = (panel: Panel) => {
    setLoaded((current) => new Set(current).add(panel));
    setOpen(panel);
  };
  const close = () => setOpen(null);

  const token = useToken();
  const accountDialog = useAccountDialog();
  const [accountNeeded, setAccountNeeded] = useState(false);
  if (!accountNeeded && (token !== null || accountDialog !== null)) setAccountNeeded(true);

  // Spec §2: #gateway-login (a payment that needs a fresh login) asks the shopper to log in again.
  const { hash, pathname, search } = useLocation();
  useEffect(() => {
    if (hash === '#gateway-login') openAccountDialog({ name: 'login', notice: 'gatewayLogin' });
  }, [hash]);
  // Spec §6 (both documents): staff signed in at /admin who open the storefront go to /logout, ending that session.
  // Checked on arrival at a page, not on every render: a staff login here is on its way to /admin.
  const navigate = useNavigate();
  useEffect(() => {
    if (getStaffToken() && pathname !== '/logout') void navigate('/logout', { replace: true });
  }, [pathname, navigate]);
  // Spec §4: a refused token opens the token-expired dialog; any call that finds it so says it at once.
  useEffect(() => onSessionExpired(() => openAccountDialog({ name: 'tokenExpired' })), []);
  useResumeCheckout();
  const [overlaysNeeded, setOverlaysNeeded] = useState(false);
  if (!overlaysNeeded && (/^#gateway-(success|fail)$/.test(hash) || courseRequestOf(pathname, search)))
    setOverlaysNeeded(true);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <SkipLink />
      <TopBar onOpenMenu={() => show('menu')} onOpenHelp={() => show('help')} />
      <Box component="main" id="main" tabIndex={-1} sx={{ flex: 1, outline: 'none' }}>
        {/* Lazily loaded pages suspend here, so the top bar and footer stay in place. */}
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
      <CookieBanner />
      <Suspense fallback={null}>
        {loaded.has('menu') && <NavDrawer open={open === 'menu'} onClose={close} onOpenHelp={() => show('help')} />}
        {loaded.has('help') && <HelpDialog open={open === 'help'} onClose={close} />}
        {accountNeeded && <AccountHost />}
        {token !== null && <PaymentRecheck />}
        {overlaysNeeded && <StorefrontOverlays />}
      </Suspense>
      <ScrollRestoration />
    </Box>
  );
}
