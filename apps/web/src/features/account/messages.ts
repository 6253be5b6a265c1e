import { accountMessages } from '@sikkha/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

type MessageKey = keyof typeof accountMessages;

/**
 * English for the contract's account messages. In Thai the contract's words are shown verbatim, so the form and
 * the server say the same thing; in English the same message is translated wherever it comes from.
 */
const english: Record<MessageKey, string> = {
  required: 'Please fill in this field',
  emailFormat: 'Invalid e-mail format',
  emailTaken: 'This e-mail is already registered',
  emailUnknown: 'This e-mail is not in the system',
  phoneDigits: 'Input Invalid',
  phoneLength: 'Please enter 10 characters',
  terms: 'Please tick to confirm that you have read and accept the terms and conditions',
  passwordMismatch: 'The password confirmation does not match',
  passwordShort: 'The password must be at least 8 characters',
  passwordWrong: 'The current password is wrong',
  codeWrong: 'Wrong code',
  codeExpired: 'The code has expired; please ask for a new one',
  codeSent: 'A confirmation code has been sent to your e-mail',
  resetSent: 'A link to change your password has been sent to your e-mail',
  passwordChanged: 'Your password has been changed',
  loginFailed: 'Wrong e-mail or password',
  loginThrottled: 'Too many failed logins; please wait a moment and try again',
  tokenExpired: accountMessages.tokenExpired,
  tokenExpiredHint: accountMessages.tokenExpiredHint,
  socialFailed: 'Signing in with your social account failed',
  emailLocked: 'The e-mail must be the one of the account you signed in with',
  facebookNoEmail: accountMessages.facebookNoEmail,
  gatewayLogin: 'Please log in again to continue with your payment',
  resendWait: 'Please wait a minute before asking for a new code',
  resetWait: 'A link was just sent; please wait a minute before asking again',
  codeLocked: 'Too many wrong codes; please ask for a new one',
  noEmail: 'This account has no e-mail yet',
  googleUnavailable: 'Google cannot be reached right now; please try again',
  facebookUnavailable: 'Facebook cannot be reached right now; please try again',
  googleOff: 'Sign-in with Google is not enabled',
  facebookOff: 'Sign-in with Facebook is not enabled',
};

const keyOf = new Map(Object.entries(accountMessages).map(([key, text]) => [text as string, key as MessageKey]));

/** Shows a contract message (from a form rule or the server) in the interface language. */
export function useAccountMessage() {
  const { i18n } = useTranslation();
  const isEnglish = i18n.language === 'en';
  return useCallback(
    (message: string | undefined): string | undefined => {
      if (!message || !isEnglish) return message;
      const key = keyOf.get(message);
      return key ? english[key] : message;
    },
    [isEnglish],
  );
}

export { accountMessages };
