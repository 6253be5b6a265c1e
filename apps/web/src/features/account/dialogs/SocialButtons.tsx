import FacebookIcon from '@mui/icons-material/Facebook';
import GoogleIcon from '@mui/icons-material/Google';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useRef, useState } from 'react';
import { useTranslation } from '../../../i18n';
import { useSocialLogin } from '../social';
import { showGoogleSignIn } from '../social-sdk';
import { ACCOUNT_NS } from '../texts';

/**
 * Our button until clicked; the click loads Google's SDK, which draws Google's own button in its place (Google
 * requires its button for the ID-token flow) and offers One Tap.
 */
export function GoogleButton({ clientId }: { clientId: string }) {
  const { t, lang } = useTranslation(ACCOUNT_NS);
  const social = useSocialLogin();
  const slot = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'idle' | 'loading' | 'ready'>('idle');

  const start = async () => {
    if (!slot.current) return;
    setState('loading');
    try {
      await showGoogleSignIn(slot.current, clientId, lang, (credential) => void social.google(credential));
      setState('ready');
    } catch (error) {
      console.error('Google sign-in could not start', error); // spec §8: Google errors are logged only
      setState('idle');
    }
  };

  return (
    <Box>
      <Box ref={slot} sx={{ display: state === 'ready' ? 'flex' : 'none', justifyContent: 'center' }} />
      {state !== 'ready' && (
        <Button
          variant="outlined"
          fullWidth
          startIcon={<GoogleIcon />}
          loading={state === 'loading'}
          onClick={() => void start()}
        >
          {t('login.google')}
        </Button>
      )}
    </Box>
  );
}

export function FacebookButton({ appId }: { appId: string }) {
  const { t } = useTranslation(ACCOUNT_NS);
  const social = useSocialLogin();
  return (
    <Button variant="outlined" fullWidth startIcon={<FacebookIcon />} onClick={() => void social.facebook(appId)}>
      {t('login.facebook')}
    </Button>
  );
}
