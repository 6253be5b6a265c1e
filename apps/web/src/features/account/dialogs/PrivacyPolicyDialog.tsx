import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../../api/client';
import { useTranslation } from '../../../i18n';
import { sessionKeys } from '../../../lib/query-keys';
import { closeAccountDialog } from '../../../stores/account-dialogs';
import { acceptPrivacyPolicy } from '../api';
import { useAccountMessage } from '../messages';
import { ACCOUNT_NS } from '../texts';
import { useGoToLogout } from '../use-logout';
import { DialogFrame } from './DialogFrame';

/** Spec §2 Privacy policy: persistent, close goes to /logout; accept stays disabled until the box is ticked. */
export function PrivacyPolicyDialog({ open }: { open: boolean }) {
  const { t } = useTranslation(ACCOUNT_NS);
  const message = useAccountMessage();
  const queryClient = useQueryClient();
  const logout = useGoToLogout();
  const [ticked, setTicked] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();

  const accept = async () => {
    setSaving(true);
    setFailure(undefined);
    try {
      const { data } = await acceptPrivacyPolicy();
      queryClient.setQueryData(sessionKeys.current, data);
      // Spec §4: accepting updates the policy, refetches the user and closes the dialog.
      await queryClient.refetchQueries({ queryKey: sessionKeys.current });
      closeAccountDialog();
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <DialogFrame
      open={open}
      onClose={logout}
      persistent
      title={t('privacy.title')}
      actions={
        <>
          <Button onClick={logout}>{t('logout')}</Button>
          <Button variant="contained" disabled={!ticked} loading={saving} onClick={() => void accept()}>
            {t('privacy.submit')}
          </Button>
        </>
      }
    >
      <Stack spacing={1.5}>
        <Typography>{t('privacy.intro')}</Typography>
        <Box component="ul" sx={{ m: 0, pl: 3, '& li': { mb: 0.5 } }}>
          {t('privacy.points', { returnObjects: true }).map((point) => (
            <Typography component="li" variant="body2" key={point}>
              {point}
            </Typography>
          ))}
        </Box>
        <Link component={RouterLink} to="/privacy-policy" target="_blank" rel="noopener">
          {t('privacy.readFull')}
        </Link>
        <FormControlLabel
          control={<Checkbox checked={ticked} onChange={(event) => setTicked(event.target.checked)} />}
          label={t('privacy.accept')}
        />
        {failure && (
          <Alert severity="error" role="alert">
            {message(failure)}
          </Alert>
        )}
      </Stack>
    </DialogFrame>
  );
}
