import type { Page } from 'playwright-core';

// The browser's side of social sign-in, locally (the network is closed): stand-ins for Google's and Facebook's
// SDK scripts that speak the documented JavaScript calls the web uses (google.accounts.id, FB.login). The
// server's side (Google's JWKS, Facebook's Graph API) is the integration tests' doubles in apps/server/test.

// The SDK stand-ins. Google's draws its button (a click gives the ID token in window.__googleCredential to the
// callback); Facebook's FB.login answers window.__facebookToken, or a cancelled login when it is null.
const GOOGLE_SDK_STANDIN = `
window.google = { accounts: { id: {
  initialize(options) { window.__googleOptions = options; },
  renderButton(parent) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Sign in with Google';
    button.onclick = () => window.__googleOptions.callback({ credential: window.__googleCredential, select_by: 'btn' });
    parent.replaceChildren(button);
  },
  prompt() {},
} } };`;

const FACEBOOK_SDK_STANDIN = `
window.FB = {
  init(options) { window.__facebookInit = options; },
  login(callback, options) {
    window.__facebookScope = options && options.scope;
    const token = window.__facebookToken;
    setTimeout(() => callback(token
      ? { status: 'connected', authResponse: { accessToken: token, userID: 'x', expiresIn: 3600 } }
      : { status: 'unknown', authResponse: null }), 50);
  },
};`;

/** Serves the SDK stand-ins at the real SDK addresses, for this page only. */
export async function routeSocialSdks(page: Page) {
  await page.route('https://accounts.google.com/gsi/client', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: GOOGLE_SDK_STANDIN }),
  );
  await page.route(/^https:\/\/connect\.facebook\.net\/.*\/sdk\.js$/, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: FACEBOOK_SDK_STANDIN }),
  );
}
