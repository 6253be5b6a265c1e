// Google's and Facebook's browser SDKs, loaded by script tag only when their button is shown and clicked: a
// visitor who never uses them never contacts Google or Facebook. Only the parts we call are typed.
import { FACEBOOK_GRAPH_VERSION } from '@sikkha/contract';
import { loadScript } from '../../lib/load-script';

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: {
        client_id: string;
        callback: (response: { credential?: string }) => void;
        ux_mode?: 'popup';
        use_fedcm_for_prompt?: boolean;
      }): void;
      renderButton(parent: HTMLElement, options: Record<string, string | number>): void;
      prompt(): void;
    };
  };
}

interface FacebookSdk {
  init(options: { appId: string; version: string; cookie?: boolean; xfbml?: boolean }): void;
  login(
    callback: (response: { authResponse?: { accessToken?: string } | null; status?: string }) => void,
    options: { scope: string },
  ): void;
}

declare global {
  interface Window {
    google?: GoogleIdentity;
    FB?: FacebookSdk;
  }
}

const GOOGLE_SDK = 'https://accounts.google.com/gsi/client';
const FACEBOOK_SDK = 'https://connect.facebook.net/th_TH/sdk.js';

/**
 * Loads Google Identity Services and renders Google's own sign-in button into `parent` (a click on it gives the
 * ID token to `onCredential`); One Tap is offered too where the browser allows it.
 */
export async function showGoogleSignIn(
  parent: HTMLElement,
  clientId: string,
  language: string,
  onCredential: (credential: string) => void,
) {
  await loadScript(GOOGLE_SDK);
  const google = window.google;
  if (!google) throw new Error('Google Identity Services did not start');
  google.accounts.id.initialize({
    client_id: clientId,
    ux_mode: 'popup',
    use_fedcm_for_prompt: true,
    callback: ({ credential }) => {
      if (credential) onCredential(credential);
    },
  });
  google.accounts.id.renderButton(parent, {
    type: 'standard',
    theme: 'outline',
    size: 'large',
    text: 'signin_with',
    width: Math.min(parent.clientWidth || 240, 400),
    locale: language,
  });
  google.accounts.id.prompt();
}

/** Facebook login with public_profile and email; rejects when the person cancels or does not authorize. */
export async function facebookAccessToken(appId: string): Promise<string> {
  await loadScript(FACEBOOK_SDK);
  const fb = window.FB;
  if (!fb) throw new Error('The Facebook SDK did not start');
  fb.init({ appId, version: FACEBOOK_GRAPH_VERSION, cookie: false, xfbml: false });
  return new Promise((resolve, reject) => {
    fb.login(
      (response) => {
        const token = response.authResponse?.accessToken;
        if (token) resolve(token);
        else
          reject(new Error(`Facebook login was cancelled or not fully authorized (${response.status ?? 'unknown'})`));
      },
      { scope: 'public_profile,email' },
    );
  });
}
