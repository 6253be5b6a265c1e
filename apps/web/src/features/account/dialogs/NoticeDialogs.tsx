import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import { useTranslation } from '../../../i18n';
import { closeAccountDialog, openAccountDialog } from '../../../stores/account-dialogs';
import { useAccountMessage } from '../messages';
import { ACCOUNT_NS } from '../texts';
import { useGoToLogout } from '../use-logout';
import { DialogFrame } from './DialogFrame';

// The small dialogs of spec §2 and §8. Their titles are the spec's own words.

const NOTICE_WIDTH = 400;

/**
 * The generic message dialog, titled Message. As the change-password companion it also offers the way back to
 * the change-password dialog.
 */
export function MessageDialog(props: { open: boolean; message: string; offerPasswordReset?: boolean }) {
  const { t } = useTranslation(ACCOUNT_NS);
  const translate = useAccountMessage();
  return (
    <DialogFrame
      open={props.open}
      onClose={closeAccountDialog}
      title={t('message.title')}
      width={NOTICE_WIDTH}
      actions={
        props.offerPasswordReset ? (
          <>
            <Button onClick={closeAccountDialog}>{t('close')}</Button>
            <Button variant="contained" onClick={() => openAccountDialog({ name: 'changePassword' })} autoFocus>
              {t('changePassword.forgot')}
            </Button>
          </>
        ) : (
          <Button variant="contained" onClick={closeAccountDialog} autoFocus>
            {t('message.ok')}
          </Button>
        )
      }
    >
      <DialogContentText>{translate(props.message)}</DialogContentText>
    </DialogFrame>
  );
}

/** A notice whose one way on is to log out: a dead session, a failed Facebook login. */
function LogoutNotice(props: { open: boolean; title: string; text: string; persistent?: boolean }) {
  const { t } = useTranslation(ACCOUNT_NS);
  const logout = useGoToLogout();
  return (
    <DialogFrame
      open={props.open}
      onClose={props.persistent ? logout : closeAccountDialog}
      persistent={props.persistent}
      title={props.title}
      width={NOTICE_WIDTH}
      actions={
        <Button variant="contained" onClick={logout} autoFocus>
          {t('logout')}
        </Button>
      }
    >
      <DialogContentText>{props.text}</DialogContentText>
    </DialogFrame>
  );
}

/** Spec §8: a failed token check. The session is over, so the only way on is to log out. */
export function TokenExpiredDialog({ open }: { open: boolean }) {
  const { t } = useTranslation(ACCOUNT_NS);
  return <LogoutNotice open={open} persistent title={t('tokenExpired.title')} text={t('tokenExpired.hint')} />;
}

/** Spec §8: Facebook login failed, was cancelled, or gave no e-mail. */
export function FacebookFailedDialog({ open }: { open: boolean }) {
  const { t } = useTranslation(ACCOUNT_NS);
  return <LogoutNotice open={open} title={t('facebookFailed.title')} text={t('facebookFailed.text')} />;
}

/** 'Please stand by' while a sign-in is verified. */
export function LoadingDialog({ open }: { open: boolean }) {
  const { t } = useTranslation(ACCOUNT_NS);
  return (
    <DialogFrame open={open} onClose={closeAccountDialog} persistent hideClose title={t('loading')} width={320}>
      <Stack sx={{ alignItems: 'center', py: 2 }} role="status" aria-label={t('loading')}>
        <CircularProgress />
      </Stack>
    </DialogFrame>
  );
}
