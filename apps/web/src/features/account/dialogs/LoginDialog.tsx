import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { loginEmailBody } from '@sikkha/contract';
import { DIALOG_WIDTH } from '@sikkha/contract/rules';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../api/client';
import { startStaffSession } from '../../../api/session';
import { useTranslation } from '../../../i18n';
import { type AccountDialog, closeAccountDialog, openAccountDialog } from '../../../stores/account-dialogs';
import { loginWithEmail, useCompleteLogin, useSettings } from '../api';
import { accountMessages, useAccountMessage } from '../messages';
import { ACCOUNT_NS } from '../texts';
import { DialogFrame } from './DialogFrame';
import { FormTextField, PasswordField } from './fields';
import { FacebookButton, GoogleButton } from './SocialButtons';

interface LoginDialogProps {
  open: boolean;
  dialog: Extract<AccountDialog, { name: 'login' }>;
}

/** Spec §2 Login dialog (290 px): e-mail and password, forgot-password and register links, Google and Facebook. */
export function LoginDialog({ open, dialog }: LoginDialogProps) {
  const { t } = useTranslation(ACCOUNT_NS);
  const message = useAccountMessage();
  const completeLogin = useCompleteLogin();
  const settings = useSettings();
  const [failure, setFailure] = useState<string | undefined>(dialog.error);
  const form = useForm({
    resolver: zodResolver(loginEmailBody),
    defaultValues: { email: dialog.email ?? '', password: '' },
  });

  const navigate = useNavigate();

  const submit = form.handleSubmit(async (body) => {
    setFailure(undefined);
    try {
      // Spec §4: personnel login success goes to /admin. Staff sign in with a username, never an e-mail.
      if (!body.email.includes('@')) {
        await startStaffSession(body.email, body.password);
        await navigate('/admin');
        closeAccountDialog();
        return;
      }
      const { data, user } = await loginWithEmail(body);
      await completeLogin(data, user);
    } catch (error) {
      // Spec §4: a failure keeps the server's message, shown in the alert labelled Login.
      setFailure(error instanceof ApiError ? error.message : accountMessages.loginFailed);
    }
  });

  const notice = dialog.notice && accountMessages[dialog.notice];
  const google = settings.data?.googleClientId;
  const facebook = settings.data?.facebookAppId;

  return (
    <DialogFrame open={open} onClose={closeAccountDialog} title={t('login.title')} width={DIALOG_WIDTH.login}>
      <Stack component="form" noValidate spacing={2} onSubmit={submit} aria-label={t('login.title')}>
        {notice && <Alert severity={dialog.notice === 'passwordChanged' ? 'success' : 'info'}>{message(notice)}</Alert>}
        {failure && (
          <Alert severity="error" role="alert">
            <AlertTitle>{t('login.failedTitle')}</AlertTitle>
            {message(failure)}
          </Alert>
        )}
        <FormTextField
          control={form.control}
          name="email"
          label={t('email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          autoFocus={!dialog.email}
        />
        <PasswordField control={form.control} name="password" label={t('password')} autoFocus={Boolean(dialog.email)} />
        <Button type="submit" variant="contained" size="large" loading={form.formState.isSubmitting} fullWidth>
          {t('login.submit')}
        </Button>
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={() => openAccountDialog({ name: 'changePassword' })}
          sx={{ alignSelf: 'center' }}
        >
          {t('login.forgot')}
        </Link>
        {(google || facebook) && (
          <>
            <Divider>
              <Typography variant="body2" color="text.secondary">
                {t('login.or')}
              </Typography>
            </Divider>
            {google && <GoogleButton clientId={google} />}
            {facebook && <FacebookButton appId={facebook} />}
          </>
        )}
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          {t('login.noAccount')}{' '}
          <Link component="button" type="button" onClick={() => openAccountDialog({ name: 'register' })}>
            {t('login.register')}
          </Link>
        </Typography>
      </Stack>
    </DialogFrame>
  );
}
