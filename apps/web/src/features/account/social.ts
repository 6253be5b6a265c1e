import { useCallback } from 'react';
import { ApiError } from '../../api/client';
import { openAccountDialog } from '../../stores/account-dialogs';
import { loginWithFacebook, loginWithGoogle, useCompleteLogin } from './api';
import { facebookAccessToken } from './social-sdk';

/**
 * Social sign-in (spec §4): the server verifies the provider's token and either logs the member in or answers
 * with what the register dialog needs (opened prefilled; the e-mail is asked for when Facebook gave none).
 */
export function useSocialLogin() {
  const completeLogin = useCompleteLogin();

  const finish = useCallback(
    async (call: () => ReturnType<typeof loginWithGoogle>) => {
      openAccountDialog({ name: 'loading' });
      const { data, user } = await call();
      if (data.token && data.expiresAt) await completeLogin({ token: data.token, expiresAt: data.expiresAt }, user);
      else if (data.signup) openAccountDialog({ name: 'register', signup: data.signup });
      else throw new Error('The server answered neither a session nor a sign-up');
    },
    [completeLogin],
  );

  const google = useCallback(
    async (credential: string) => {
      try {
        await finish(() => loginWithGoogle(credential));
      } catch (error) {
        // Spec §8: a Google sign-in error is logged; a refusal by our server is shown in the Login alert.
        console.error('Google sign-in failed', error);
        openAccountDialog({ name: 'login', error: error instanceof ApiError ? error.message : undefined });
      }
    },
    [finish],
  );

  const facebook = useCallback(
    async (appId: string) => {
      try {
        const accessToken = await facebookAccessToken(appId);
        await finish(() => loginWithFacebook(accessToken));
      } catch (error) {
        console.error('Facebook sign-in failed', error);
        openAccountDialog({ name: 'facebookFailed' });
      }
    },
    [finish],
  );

  return { google, facebook };
}
