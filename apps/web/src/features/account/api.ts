import type {
  CurrentUser,
  changePasswordBody,
  loginEmailBody,
  publicSettings,
  registerBody,
  resetPasswordBody,
  socialResult,
} from '@sikkha/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { apiGet, apiRequest, type Envelope } from '../../api/client';
import { setToken } from '../../api/session';
import { accountKeys, sessionKeys } from '../../lib/query-keys';
import { closeAccountDialog } from '../../stores/account-dialogs';

// The account calls of spec §7. Lazily loaded with the dialogs; the first load only knows the token (api/session).

type Output<S extends { parse: (input: unknown) => unknown }> = ReturnType<S['parse']>;
export type LoginEmailBody = Output<typeof loginEmailBody>;
export type RegisterBody = Output<typeof registerBody>;
export type ResetPasswordBody = Output<typeof resetPasswordBody>;
export type ChangePasswordBody = Output<typeof changePasswordBody>;
export type PublicSettings = Output<typeof publicSettings>;
export type SocialResult = Output<typeof socialResult>;

export interface Session {
  token: string;
  expiresAt: string;
}

/** Login-like calls answer the session in `data` and the signed-in member beside it in `user`. */
type WithUser<T> = Envelope<T> & { user?: CurrentUser };

const post = <T>(path: string, body: unknown, token?: null) =>
  apiRequest<T>(path, { method: 'POST', body, token }) as Promise<WithUser<T>>;

export const loginWithEmail = (body: LoginEmailBody) => post<Session>('loginEmail', body, null);
export const registerAccount = (body: RegisterBody) => post<Session>('userRegister', body, null);
export const loginWithGoogle = (credential: string) => post<SocialResult>('loginGoogle', { credential }, null);
export const loginWithFacebook = (accessToken: string) => post<SocialResult>('loginFacebook', { accessToken }, null);

/** Live check of the register form: whether an account already uses this e-mail (nothing more, deviation 5). */
export const emailExists = async (email: string) =>
  (await apiGet<{ exists: boolean }>('userByEmail', { email })).exists;

export const sendConfirmEmail = () => apiRequest<unknown>('sendConfirmEmail', { method: 'POST', body: {} });
export const confirmEmail = (code: string) => post<CurrentUser>('confirmEmail', { code });
export const acceptPrivacyPolicy = () => post<CurrentUser>('userUpdatePrivacyPolicy', {});
export const requestPasswordReset = (email: string) => post<unknown>('sendChangePass', { email }, null);
/** Whether a reset link still works, asked as it opens: the address it resets, or an ApiError saying why not. */
export const checkResetCode = (code: string) => post<{ email: string }>('checkChangePassCode', { code }, null);
export const resetPassword = (body: ResetPasswordBody) => post<boolean>('sendChangePassUser', body, null);
export const changeOwnPassword = (body: ChangePasswordBody) => post<unknown>('userChangePassword', body);

/** GET userCheckToken: when the token ends. A 401 (expired, revoked) rejects with ApiError. */
export const checkToken = () => apiGet<{ expiresAt: string }>('userCheckToken');

/** GET refreshToken: a new token replaces the old one, which stops working. */
export async function refreshSession() {
  const session = await apiGet<Session>('refreshToken');
  setToken(session.token);
  return session;
}

/** Google and Facebook buttons show only when the server is configured for them. */
export const useSettings = () =>
  useQuery({
    queryKey: accountKeys.settings(),
    queryFn: () => apiGet<PublicSettings>('settings'),
    staleTime: Infinity,
  });

/**
 * Login success (spec §4): keep the token and the member, close the dialogs, and take a member with purchased or
 * pending courses to My courses. The agreement check (AccountHost) then opens its dialog when one is due.
 */
export function useCompleteLogin() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (session: Session, user?: CurrentUser) => {
      // The member first, then the token: the session query then has its data and does not ping again.
      const member = user ?? (await apiRequest<CurrentUser>('loginPing', { token: session.token })).data;
      // Closed before the member arrives, so the agreement check that follows can open its own dialog.
      closeAccountDialog();
      queryClient.setQueryData(sessionKeys.current, member);
      setToken(session.token);
      if (member.finish.length > 0 || member.wait.length > 0) await navigate('/courses/onlyOrder');
    },
    [queryClient, navigate],
  );
}
