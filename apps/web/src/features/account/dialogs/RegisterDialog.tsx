import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { nameTitles, registerBody, usernameRule } from '@sikkha/contract';
import { DIALOG_WIDTH } from '@sikkha/contract/rules';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../../api/client';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useTranslation } from '../../../i18n';
import { accountKeys } from '../../../lib/query-keys';
import { type AccountDialog, closeAccountDialog, openAccountDialog } from '../../../stores/account-dialogs';
import { accountExists, registerAccount, useCompleteLogin } from '../api';
import { accountMessages, useAccountMessage } from '../messages';
import { ACCOUNT_NS } from '../texts';
import { DialogFrame } from './DialogFrame';
import { FormTextField, PasswordField } from './fields';

interface RegisterDialogProps {
  open: boolean;
  dialog: Extract<AccountDialog, { name: 'register' }>;
}

const CHECK_DELAY_MS = 400;
const providerName = { google: 'Google', facebook: 'Facebook' } as const;
const rules = { email: registerBody.shape.email, username: usernameRule.refine((value) => value !== '') };

/** Whether an account already uses the typed e-mail or username, asked once the typing stops and the value looks right. */
function useTakenCheck(field: 'email' | 'username', typed: string | undefined, enabled: boolean) {
  const value = (typed ?? '').trim();
  const settled = useDebouncedValue(value, CHECK_DELAY_MS);
  const existing = useQuery({
    queryKey: accountKeys.exists(field, settled),
    queryFn: () => accountExists(field, settled),
    enabled: enabled && rules[field].safeParse(settled).success,
    staleTime: 30_000,
    retry: false,
  });
  return { taken: settled === value && existing.data === true, checking: existing.isFetching };
}

/**
 * Spec §2 / §5 Register (600 px). The rules and their Thai messages are the contract's registerBody, the same
 * schema the server checks. A Google or Facebook sign-up comes prefilled, its e-mail locked when the provider gave
 * one, and sends the provider's ticket along.
 */
export function RegisterDialog({ open, dialog }: RegisterDialogProps) {
  const { t } = useTranslation(ACCOUNT_NS);
  const message = useAccountMessage();
  const completeLogin = useCompleteLogin();
  const { signup } = dialog;
  const emailLocked = Boolean(signup?.email);
  const [failure, setFailure] = useState<string>();

  const form = useForm({
    resolver: zodResolver(registerBody),
    mode: 'onTouched',
    defaultValues: {
      email: signup?.email ?? '',
      username: '',
      password: '',
      confirmPassword: '',
      name_th: signup?.name_th ?? '',
      lname_th: signup?.lname_th ?? '',
      nickname: '',
      phone: '',
      terms: false as unknown as true,
      ticket: signup?.ticket,
    },
  });
  const { control, formState } = form;

  // The live checks: once the typing stops and the value looks right, ask whether an account already uses it.
  const email = useTakenCheck('email', useWatch({ control, name: 'email' }), !emailLocked);
  const username = useTakenCheck('username', useWatch({ control, name: 'username' }), true);
  const emailTaken = email.taken;

  const submit = form.handleSubmit(async (body) => {
    setFailure(undefined);
    try {
      const { data, user } = await registerAccount(body);
      await completeLogin(data, user);
    } catch (error) {
      const text = error instanceof ApiError ? error.message : accountMessages.required;
      if (error instanceof ApiError && error.status === 409) {
        form.setError(text === accountMessages.usernameTaken ? 'username' : 'email', { message: text });
      } else setFailure(text);
    }
  });

  const fieldGrid = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 } as const;

  return (
    <DialogFrame open={open} onClose={closeAccountDialog} title={t('register.title')} width={DIALOG_WIDTH.register}>
      <Stack component="form" noValidate spacing={2} onSubmit={submit} aria-label={t('register.title')}>
        {signup && <Alert severity="info">{t('register.social', { provider: providerName[signup.provider] })}</Alert>}
        <FormTextField
          control={control}
          name="email"
          label={t('email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          extraError={emailTaken ? accountMessages.emailTaken : undefined}
          helperText={
            emailLocked
              ? t('register.emailLocked', { provider: providerName[signup?.provider ?? 'google'] })
              : email.checking
                ? t('register.checking')
                : undefined
          }
          slotProps={{ input: { readOnly: emailLocked } }}
        />
        <FormTextField
          control={control}
          name="username"
          label={t('register.username')}
          autoComplete="username"
          extraError={username.taken ? accountMessages.usernameTaken : undefined}
          helperText={username.checking ? t('register.checkingUsername') : t('register.usernameHint')}
        />
        <Box sx={fieldGrid}>
          <PasswordField control={control} name="password" label={t('password')} autoComplete="new-password" required />
          <PasswordField
            control={control}
            name="confirmPassword"
            label={t('register.confirmPassword')}
            autoComplete="new-password"
            required
          />
        </Box>
        <Controller
          control={control}
          name="name_title"
          render={({ field, fieldState }) => (
            <FormControl component="fieldset" error={Boolean(fieldState.error)} required>
              <FormLabel component="legend">{t('register.nameTitle')}</FormLabel>
              <RadioGroup
                row
                name={field.name}
                value={field.value ?? ''}
                onChange={(event) => field.onChange(event.target.value)}
                onBlur={field.onBlur}
              >
                {nameTitles.map((title, index) => (
                  <FormControlLabel
                    key={title}
                    value={title}
                    label={title}
                    control={<Radio inputRef={index === 0 ? field.ref : undefined} />}
                  />
                ))}
              </RadioGroup>
              {fieldState.error && <FormHelperText>{message(fieldState.error.message)}</FormHelperText>}
            </FormControl>
          )}
        />
        <Box sx={fieldGrid}>
          <FormTextField
            control={control}
            name="name_th"
            label={t('register.name')}
            autoComplete="given-name"
            required
          />
          <FormTextField
            control={control}
            name="lname_th"
            label={t('register.lastName')}
            autoComplete="family-name"
            required
          />
          <FormTextField
            control={control}
            name="nickname"
            label={t('register.nickname')}
            autoComplete="nickname"
            required
          />
          <FormTextField
            control={control}
            name="phone"
            label={t('register.phone')}
            helperText={t('register.phoneHint')}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            required
          />
        </Box>
        <Controller
          control={control}
          name="terms"
          render={({ field, fieldState }) => (
            <FormControl error={Boolean(fieldState.error)} required>
              <FormControlLabel
                control={
                  <Checkbox
                    name={field.name}
                    checked={field.value === true}
                    onChange={(event) => field.onChange(event.target.checked)}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                  />
                }
                label={
                  <Typography variant="body2">
                    {t('register.termsBefore')}{' '}
                    <Link component={RouterLink} to="/terms-and-conditions" target="_blank" rel="noopener">
                      {t('register.terms')}
                    </Link>{' '}
                    {t('register.and')}{' '}
                    <Link component={RouterLink} to="/privacy-policy" target="_blank" rel="noopener">
                      {t('register.privacy')}
                    </Link>
                    <Box component="span" sx={visuallyHidden}>
                      {' '}
                      {t('register.newTab')}
                    </Box>
                  </Typography>
                }
              />
              {fieldState.error && <FormHelperText>{message(fieldState.error.message)}</FormHelperText>}
            </FormControl>
          )}
        />
        {failure && (
          <Alert severity="error" role="alert">
            {message(failure)}
          </Alert>
        )}
        <Button
          type="submit"
          variant="contained"
          size="large"
          loading={formState.isSubmitting}
          disabled={emailTaken || username.taken}
          fullWidth
        >
          {t('register.submit')}
        </Button>
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          {t('register.haveAccount')}{' '}
          <Link component="button" type="button" onClick={() => openAccountDialog({ name: 'login' })}>
            {t('login.title')}
          </Link>
        </Typography>
      </Stack>
    </DialogFrame>
  );
}
