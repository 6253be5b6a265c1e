import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { confirmEmailBody } from '@sikkha/contract';
import { RESEND_SECONDS } from '@sikkha/contract/rules';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../../api/client';
import { useSession } from '../../../api/session';
import { useCountdown } from '../../../hooks/use-countdown';
import { useTranslation } from '../../../i18n';
import { sessionKeys } from '../../../lib/query-keys';
import { closeAccountDialog } from '../../../stores/account-dialogs';
import { confirmEmail, sendConfirmEmail } from '../api';
import { accountMessages, useAccountMessage } from '../messages';
import { ACCOUNT_NS } from '../texts';
import { useGoToLogout } from '../use-logout';
import { DialogFrame } from './DialogFrame';
import { FormTextField } from './fields';

type Sent = { severity: 'success' | 'error'; text: string };

/**
 * Spec §2 Confirm e-mail: persistent, its close goes to /logout. The server mails a random 6-digit code (deviation
 * 1); a right code sets agreement Y, and the agreement check then opens the privacy-policy dialog.
 */
export function ConfirmEmailDialog({ open }: { open: boolean }) {
  const { t } = useTranslation(ACCOUNT_NS);
  const message = useAccountMessage();
  const queryClient = useQueryClient();
  const logout = useGoToLogout();
  const { user } = useSession();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<Sent>();
  const [codeStep, setCodeStep] = useState(false);
  // The server takes one code a minute: the button says how long until it would take another.
  const wait = useCountdown();
  const form = useForm({ resolver: zodResolver(confirmEmailBody), defaultValues: { code: '' } });

  const send = async () => {
    setSending(true);
    try {
      const { message: text } = await sendConfirmEmail();
      setSent({ severity: 'success', text: text || accountMessages.codeSent });
      setCodeStep(true);
      wait.start(RESEND_SECONDS);
    } catch (error) {
      setSent({ severity: 'error', text: error instanceof ApiError ? error.message : accountMessages.required });
      // Too soon to send again (429) means a code is already on its way: let the member type it.
      if (error instanceof ApiError && error.status === 429) {
        setCodeStep(true);
        wait.start(RESEND_SECONDS);
      }
    } finally {
      setSending(false);
    }
  };

  const submit = form.handleSubmit(async ({ code }) => {
    try {
      const { data } = await confirmEmail(code);
      queryClient.setQueryData(sessionKeys.current, data);
      closeAccountDialog();
    } catch (error) {
      form.setError('code', { message: error instanceof ApiError ? error.message : accountMessages.codeWrong });
    }
  });

  return (
    <DialogFrame
      open={open}
      onClose={logout}
      persistent
      title={t('confirmEmail.title')}
      actions={<Button onClick={logout}>{t('logout')}</Button>}
    >
      <Stack spacing={2}>
        <Typography>{t('confirmEmail.intro')}</Typography>
        <TextField label={t('email')} value={user?.email ?? ''} slotProps={{ input: { readOnly: true } }} fullWidth />
        {sent && (
          <Alert severity={sent.severity} role={sent.severity === 'error' ? 'alert' : 'status'}>
            {message(sent.text)}
          </Alert>
        )}
        <Button
          variant={codeStep ? 'outlined' : 'contained'}
          loading={sending}
          disabled={wait.left > 0}
          onClick={() => void send()}
        >
          {codeStep ? t('confirmEmail.resend') : t('confirmEmail.send')}
          {wait.left > 0 && ` (${t('confirmEmail.wait', { seconds: wait.left })})`}
        </Button>
        {codeStep && (
          <Stack component="form" noValidate spacing={2} onSubmit={submit} aria-label={t('confirmEmail.title')}>
            <FormTextField
              control={form.control}
              name="code"
              label={t('confirmEmail.code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              autoFocus
            />
            <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
              {t('confirmEmail.confirm')}
            </Button>
          </Stack>
        )}
      </Stack>
    </DialogFrame>
  );
}
