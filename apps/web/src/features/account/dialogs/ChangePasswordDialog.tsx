import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { changePasswordBody, requestResetBody, resetPasswordBody } from '@sikkha/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../api/client';
import { useTranslation } from '../../../i18n';
import { accountKeys } from '../../../lib/query-keys';
import { type AccountDialog, closeAccountDialog, openAccountDialog } from '../../../stores/account-dialogs';
import { changeOwnPassword, checkResetCode, requestPasswordReset, resetPassword } from '../api';
import { accountMessages, useAccountMessage } from '../messages';
import { ACCOUNT_NS } from '../texts';
import { DialogFrame } from './DialogFrame';
import { FormTextField, PasswordField } from './fields';

/** Not given by the spec: wide enough for the Thai intro line, narrower than the register form. */
const WIDTH = 440;

const failureOf = (error: unknown) => (error instanceof ApiError ? error.message : String(error));

/**
 * Spec §2 Change password: the e-mail step mails a link {PUBLIC_URL}/code/{code}; that link opens this dialog
 * with the code, for the new password and its confirmation. Its close goes to /.
 */
export function ChangePasswordDialog({
  open,
  dialog,
}: {
  open: boolean;
  dialog: Extract<AccountDialog, { name: 'changePassword' }>;
}) {
  const { t } = useTranslation(ACCOUNT_NS);
  const navigate = useNavigate();
  const close = () => {
    closeAccountDialog();
    void navigate('/');
  };
  return (
    <DialogFrame open={open} onClose={close} title={t('changePassword.title')} width={WIDTH}>
      {dialog.code ? <NewPasswordStep code={dialog.code} /> : <EmailStep />}
    </DialogFrame>
  );
}

function EmailStep() {
  const { t } = useTranslation(ACCOUNT_NS);
  const form = useForm({ resolver: zodResolver(requestResetBody), defaultValues: { email: '' } });

  const submit = form.handleSubmit(async ({ email }) => {
    try {
      const { message: text } = await requestPasswordReset(email);
      // Spec §4: the dialog closes on a 200 response; the message says where the link went.
      openAccountDialog({ name: 'message', message: text || accountMessages.resetSent });
    } catch (error) {
      form.setError('email', { message: failureOf(error) });
    }
  });

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} aria-label={t('changePassword.title')}>
      <Typography>{t('changePassword.emailIntro')}</Typography>
      <FormTextField
        control={form.control}
        name="email"
        label={t('email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        autoFocus
      />
      <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
        {t('changePassword.send')}
      </Button>
    </Stack>
  );
}

function NewPasswordStep({ code }: { code: string }) {
  const { t } = useTranslation(ACCOUNT_NS);
  const navigate = useNavigate();
  const form = useForm({
    resolver: zodResolver(resetPasswordBody),
    mode: 'onTouched',
    defaultValues: { code, password: '', confirmPassword: '' },
  });
  // The link is checked as it opens, so a used or expired one is said before a new password is typed twice.
  const check = useQuery({
    queryKey: accountKeys.resetCode(code),
    queryFn: () => checkResetCode(code),
    retry: false,
    staleTime: Infinity,
  });
  useEffect(() => {
    // Spec §8: a refused code (wrong, expired) shows the server's message in the companion dialog.
    if (check.isError) openAccountDialog({ name: 'changePasswordMessage', message: failureOf(check.error) });
  }, [check.isError, check.error]);

  const submit = form.handleSubmit(async (body) => {
    try {
      await resetPassword(body);
      await navigate('/');
      openAccountDialog({ name: 'login', notice: 'passwordChanged', email: check.data?.email });
    } catch (error) {
      openAccountDialog({ name: 'changePasswordMessage', message: failureOf(error) });
    }
  });

  if (!check.isSuccess) {
    return (
      <Stack sx={{ alignItems: 'center', py: 2 }} role="status" aria-label={t('loading')}>
        <CircularProgress />
      </Stack>
    );
  }
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} aria-label={t('changePassword.title')}>
      <Typography>{t('changePassword.codeIntro')}</Typography>
      <TextField
        label={t('email')}
        value={check.data.email}
        autoComplete="username"
        slotProps={{ input: { readOnly: true } }}
        fullWidth
      />
      <PasswordField
        control={form.control}
        name="password"
        label={t('changePassword.newPassword')}
        autoComplete="new-password"
        autoFocus
      />
      <PasswordField
        control={form.control}
        name="confirmPassword"
        label={t('changePassword.confirmPassword')}
        autoComplete="new-password"
      />
      <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
        {t('changePassword.save')}
      </Button>
    </Stack>
  );
}

/** A signed-in member changes the password with the current one (POST userChangePassword). */
export function ChangeOwnPasswordDialog({ open }: { open: boolean }) {
  const { t } = useTranslation(ACCOUNT_NS);
  const message = useAccountMessage();
  const [failure, setFailure] = useState<string>();
  const form = useForm({
    resolver: zodResolver(changePasswordBody),
    defaultValues: { password_old: '', password: '', confirmPassword: '' },
  });

  const submit = form.handleSubmit(async (body) => {
    setFailure(undefined);
    try {
      const { message: text } = await changeOwnPassword(body);
      openAccountDialog({ name: 'message', message: text || accountMessages.passwordChanged });
    } catch (error) {
      const text = failureOf(error);
      if (text === accountMessages.passwordWrong) form.setError('password_old', { message: text });
      else setFailure(text);
    }
  });

  return (
    <DialogFrame open={open} onClose={closeAccountDialog} title={t('changePassword.title')} width={WIDTH}>
      <Stack component="form" noValidate spacing={2} onSubmit={submit} aria-label={t('changePassword.title')}>
        <PasswordField
          control={form.control}
          name="password_old"
          label={t('changePassword.oldPassword')}
          autoComplete="current-password"
          autoFocus
        />
        <PasswordField
          control={form.control}
          name="password"
          label={t('changePassword.newPassword')}
          autoComplete="new-password"
        />
        <PasswordField
          control={form.control}
          name="confirmPassword"
          label={t('changePassword.confirmPassword')}
          autoComplete="new-password"
        />
        {failure && (
          <Alert severity="error" role="alert">
            {message(failure)}
          </Alert>
        )}
        <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
          {t('changePassword.save')}
        </Button>
      </Stack>
    </DialogFrame>
  );
}
