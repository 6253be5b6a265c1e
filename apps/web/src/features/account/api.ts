import type { RouteBody, RouteData } from '@sikkha/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { callRoute, routeData } from '../../api/routes';
import { setToken } from '../../api/session';
import { accountKeys, sessionKeys } from '../../lib/query-keys';
import { closeAccountDialog } from '../../stores/account-dialogs';

// The account calls of spec §7, typed by the contract's table of routes. Lazily loaded with the dialogs; the first
// load only knows the token (api/session).

export type LoginEmailBody = RouteBody<'loginEmail'>;
export type RegisterBody = RouteBody<'userRegister'>;
export type ResetPasswordBody = RouteBody<'sendChangePassUser'>;
export type ChangePasswordBody = RouteBody<'userChangePassword'>;
export type Session = RouteData<'refreshToken'>;
type Member = RouteData<'confirmEmail'>;

// Calls made before there is a session send no token, so a stale one cannot get in the way.
export const loginWithEmail = (body: LoginEmailBody) => callRoute('loginEmail', { method: 'POST', body, token: null });
export const registerAccount = (body: RegisterBody) => callRoute('userRegister', { method: 'POST', body, token: null });
export const loginWithGoogle = (credential: string) =>
  callRoute('loginGoogle', { method: 'POST', body: { credential }, token: null });
export const loginWithFacebook = (accessToken: string) =>
  callRoute('loginFacebook', { method: 'POST', body: { accessToken }, token: null });

/** Live checks of the register form: whether an account already uses this e-mail or username (nothing more, deviation 5). */
export const accountExists = async (field: 'email' | 'username', value: string) =>
  field === 'email'
    ? (await routeData('userByEmail', { query: { email: value } })).exists
    : (await routeData('userByUsername', { query: { username: value } })).exists;

export const sendConfirmEmail = () => callRoute('sendConfirmEmail', { method: 'POST', body: {} });
export const confirmEmail = (code: string) => callRoute('confirmEmail', { method: 'POST', body: { code } });
export const acceptPrivacyPolicy = () => callRoute('userUpdatePrivacyPolicy', { method: 'POST', body: {} });
export const requestPasswordReset = (email: string) =>
  callRoute('sendChangePass', { method: 'POST', body: { email }, token: null });
/** Whether a reset link still works, asked as it opens: the address it resets, or an ApiError saying why not. */
export const checkResetCode = (code: string) =>
  routeData('checkChangePassCode', { method: 'POST', body: { code }, token: null });
export const resetPassword = (body: ResetPasswordBody) =>
  callRoute('sendChangePassUser', { method: 'POST', body, token: null });
export const changeOwnPassword = (body: ChangePasswordBody) =>
  callRoute('userChangePassword', { method: 'POST', body });

/** GET userCheckToken: whose the token is and when it ends. A 401 (expired, revoked) rejects with ApiError. */
export const checkToken = () => routeData('userCheckToken');

/** GET refreshToken: a new token replaces the old one, which stops working. */
export async function refreshSession() {
  const session = await routeData('refreshToken');
  setToken(session.token);
  return session;
}

/** Google and Facebook buttons show only when the server is configured for them. */
export const useSettings = () =>
  useQuery({ queryKey: accountKeys.settings(), queryFn: () => routeData('settings'), staleTime: Infinity });

/**
 * Login success (spec §4): keep the token and the member, close the dialogs, and take a member with purchased or
 * pending courses to My courses. The agreement check (AccountHost) then opens its dialog when one is due.
 */
export function useCompleteLogin() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (session: Session, user?: Member) => {
      // The member first, then the token: the session query then has its data and does not ping again.
      const member = user ?? (await memberOf(session.token));
      // Closed before the member arrives, so the agreement check that follows can open its own dialog.
      closeAccountDialog();
      queryClient.setQueryData(sessionKeys.current, member);
      setToken(session.token);
      if (member.finish.length > 0 || member.wait.length > 0) await navigate('/courses/onlyOrder');
    },
    [queryClient, navigate],
  );
}

/** The member a fresh token belongs to; login-like calls already answer it, a social sign-in may not. */
async function memberOf(token: string): Promise<Member> {
  const user = await routeData('loginPing', { token });
  if ('position' in user) throw new Error('A staff token is not a member session');
  return user;
}
