import { RECHECK_INTERVAL_MS } from '@sikkha/contract/rules';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { useSession } from '../../api/session';
import { lazyWithReload } from '../../lib/lazy-with-reload';
import { notificationKeys, sessionKeys } from '../../lib/query-keys';
import './texts';
import {
  type AccountDialog,
  closeAccountDialog,
  getAccountDialog,
  openAccountDialog,
  useAccountDialog,
} from '../../stores/account-dialogs';
import { checkToken, refreshSession } from './api';
import { nextTokenStep, renewalLead } from './token-renewal';

// Loaded when a token exists or an account dialog is asked for: the session rules of spec §4 and §6, and the
// dialogs, each in its own chunk (the forms bring zod and the contract's schemas with them).

const LoginDialog = lazyWithReload(() => import('./dialogs/LoginDialog').then((m) => m.LoginDialog));
const RegisterDialog = lazyWithReload(() => import('./dialogs/RegisterDialog').then((m) => m.RegisterDialog));
const ConfirmEmailDialog = lazyWithReload(() =>
  import('./dialogs/ConfirmEmailDialog').then((m) => m.ConfirmEmailDialog),
);
const PrivacyPolicyDialog = lazyWithReload(() =>
  import('./dialogs/PrivacyPolicyDialog').then((m) => m.PrivacyPolicyDialog),
);
const ChangePasswordDialog = lazyWithReload(() =>
  import('./dialogs/ChangePasswordDialog').then((m) => m.ChangePasswordDialog),
);
const ChangeOwnPasswordDialog = lazyWithReload(() =>
  import('./dialogs/ChangePasswordDialog').then((m) => m.ChangeOwnPasswordDialog),
);
const notice = () => import('./dialogs/NoticeDialogs');
const MessageDialog = lazyWithReload(() => notice().then((m) => m.MessageDialog));
const TokenExpiredDialog = lazyWithReload(() => notice().then((m) => m.TokenExpiredDialog));
const FacebookFailedDialog = lazyWithReload(() => notice().then((m) => m.FacebookFailedDialog));
const LoadingDialog = lazyWithReload(() => notice().then((m) => m.LoadingDialog));

/** Pages the agreement dialogs must not cover: the policy and terms they link to, and the way out. */
const AGREEMENT_EXEMPT = ['/logout', '/privacy-policy', '/terms-and-conditions', '/signaturePrivacyPolicy'];

export function AccountHost() {
  useStaffTokenRule();
  useAgreementCheck();
  useSessionRecheck();
  const dialog = useAccountDialog();
  // The last dialog stays mounted (closed) so it can play its closing transition; a new one gets a fresh instance.
  const [entry, setEntry] = useState<{ dialog: AccountDialog; key: number } | null>(null);
  if (dialog && dialog !== entry?.dialog) setEntry({ dialog, key: (entry?.key ?? 0) + 1 });
  if (!entry) return null;
  return (
    <Suspense fallback={null}>
      <DialogOf key={entry.key} dialog={entry.dialog} open={dialog === entry.dialog} />
    </Suspense>
  );
}

function DialogOf({ dialog, open }: { dialog: AccountDialog; open: boolean }) {
  switch (dialog.name) {
    case 'login':
      return <LoginDialog open={open} dialog={dialog} />;
    case 'register':
      return <RegisterDialog open={open} dialog={dialog} />;
    case 'confirmEmail':
      return <ConfirmEmailDialog open={open} />;
    case 'privacyPolicy':
      return <PrivacyPolicyDialog open={open} />;
    case 'changePassword':
      return <ChangePasswordDialog open={open} dialog={dialog} />;
    case 'changeOwnPassword':
      return <ChangeOwnPasswordDialog open={open} />;
    case 'changePasswordMessage':
      return <MessageDialog open={open} message={dialog.message} offerPasswordReset />;
    case 'tokenExpired':
      return <TokenExpiredDialog open={open} />;
    case 'facebookFailed':
      return <FacebookFailedDialog open={open} />;
    case 'message':
      return <MessageDialog open={open} message={dialog.message} />;
    case 'loading':
      return <LoadingDialog open={open} />;
    default: {
      const unknown: never = dialog;
      throw new Error(`Unknown account dialog ${JSON.stringify(unknown)}`);
    }
  }
}

/** Spec §6: a staff token found in the shopper's slot is not used on the storefront; /logout clears it. */
function useStaffTokenRule() {
  const { staff } = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    if (staff) void navigate('/logout', { replace: true });
  }, [staff, navigate]);
}

/**
 * Spec §4 Agreement flow, after login and on each route change: agreement not Y opens the confirm-e-mail dialog;
 * otherwise privacy_policy not Y opens the privacy-policy dialog.
 */
function useAgreementCheck() {
  const { user } = useSession();
  const { pathname } = useLocation();
  useEffect(() => {
    if (!user || AGREEMENT_EXEMPT.includes(pathname)) return;
    const current = getAccountDialog()?.name;
    if (current === 'tokenExpired') return;
    const due = user.agreement !== 'Y' ? 'confirmEmail' : user.privacy_policy !== 'Y' ? 'privacyPolicy' : null;
    if (due && current !== due) openAccountDialog({ name: due });
    else if (!due && (current === 'confirmEmail' || current === 'privacyPolicy')) closeAccountDialog();
  }, [user, pathname]);
}

/**
 * Spec §4: every 5 minutes while logged in, check the token (a refusal opens the token-expired dialog), refresh
 * the notifications and re-check pending payments (the member's wait and finish lists come with the session).
 * The token is also checked as soon as there is one, to learn when it ends, and again when it is due for renewal,
 * which may be sooner than the next 5-minute check (DEVIATIONS): a renewed token starts the round again.
 */
function useSessionRecheck() {
  const { token } = useSession();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lead: number | undefined;
    const check = async (first: boolean) => {
      let checkInMs = RECHECK_INTERVAL_MS;
      try {
        const { expiresAt } = await checkToken();
        const left = Date.parse(expiresAt) - Date.now();
        lead ??= renewalLead(left);
        const step = nextTokenStep(left, lead);
        if (step.renew) {
          // The new token replaces this one, which ends this round; the next starts with it.
          if (!stopped) await refreshSession();
          return;
        }
        checkInMs = step.checkInMs;
      } catch (error) {
        // Not after a logout: the token it ended is refused, and that is no news.
        if (error instanceof ApiError && error.status === 401) {
          if (!stopped) openAccountDialog({ name: 'tokenExpired' });
          return;
        }
      }
      if (stopped) return;
      if (!first) {
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
        void queryClient.invalidateQueries({ queryKey: sessionKeys.current });
      }
      timer = setTimeout(() => void check(false), checkInMs);
    };
    void check(true);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [token, queryClient]);
}
