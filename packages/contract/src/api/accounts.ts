import { z } from 'zod';
import { nameTitles, user } from '../entities/accounts.js';
import { orderPayments } from '../entities/orders.js';
import { accountMessages, message } from '../messages.js';
import { isThaiId } from '../rules/orders.js';

// The account messages live in the contract's message catalogue, with their English.
export { accountMessages };

const required = (max = 200) => z.string().trim().min(1, accountMessages.required).max(max);
const email = () =>
  z.string().trim().min(1, accountMessages.required).pipe(z.email(accountMessages.emailFormat).max(255));
const newPassword = () => z.string().min(1, accountMessages.required).min(8, accountMessages.passwordShort).max(200);
const phone = () =>
  z
    .string()
    .min(1, accountMessages.required)
    .regex(/^\d*$/, accountMessages.phoneDigits)
    .length(10, accountMessages.phoneLength);

const matching = <T extends { password: string; confirmPassword: string }>(body: T) =>
  body.password === body.confirmPassword;
const mismatch = {
  path: ['confirmPassword'],
  message: accountMessages.passwordMismatch,
  // Checked once the confirmation is typed, even while other fields are still wrong, so a form can say it as
  // the field is left (zod otherwise runs an object's refinements only when every field is valid).
  when: ({ value }: { value: unknown }) => {
    const typed = value as { password?: unknown; confirmPassword?: unknown } | null;
    return (
      typeof typed?.password === 'string' && typeof typed.confirmPassword === 'string' && typed.confirmPassword !== ''
    );
  },
};

export const loginEmailBody = z.object({ email: required(255), password: required() });
export const loginPersonnelBody = z.object({ username: required(100), password: required() });

/** A member's optional username (spec: the register form checks one with userByUsername); '' means none. */
export const usernameRule = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{3,30}$/, accountMessages.usernameFormat)
  .or(z.literal(''));

export const registerBody = z
  .object({
    email: email(),
    username: usernameRule.optional(),
    password: newPassword(),
    confirmPassword: z.string().min(1, accountMessages.required).max(200),
    name_title: z.enum(nameTitles, accountMessages.required),
    name_th: required(100),
    lname_th: required(100),
    nickname: required(100),
    phone: phone(),
    terms: z.literal(true, accountMessages.terms),
    /** Proof of a Google or Facebook sign-in that found no account (from loginGoogle / loginFacebook). */
    ticket: z.string().max(4000).optional(),
  })
  .strict()
  .refine(matching, mismatch);

/** Fields a member may change on their own account. */
export const userUpdateBody = user.write
  .pick({
    name_title: true,
    name_th: true,
    lname_th: true,
    nickname: true,
    phone: true,
    address: true,
    send_address: true,
    card_id: true,
    company_id: true,
    company_name: true,
    company_address: true,
    company_address_send: true,
    path: true,
  })
  .strict()
  // The same check digit orders ask for: a wrong id is refused when it is saved, not at the first receipt.
  .superRefine((body, ctx) => {
    for (const [field, key] of [
      ['card_id', 'cardIdInvalid'],
      ['company_id', 'companyIdInvalid'],
    ] as const) {
      const value = body[field];
      if (value && !isThaiId(value)) ctx.addIssue({ code: 'custom', path: [field], message: message(key) });
    }
  });

export const sendAddressBody = z.object({ send_address: required(1000) });

export const confirmEmailBody = z.object({ code: z.string().trim().min(1, accountMessages.required).max(20) });
export const requestResetBody = z.object({ email: email() });
/** A password-reset code from the mailed link, checked when the link opens (before a new password is typed). */
export const resetCodeBody = z.object({ code: required(100) });
/** A usable reset code answers the address it resets, so the login that follows can be prefilled. */
export const resetCodeCheck = z.object({ email: z.string() });
export const resetPasswordBody = z
  .object({
    code: required(100),
    password: newPassword(),
    confirmPassword: z.string().min(1, accountMessages.required),
  })
  .refine(matching, mismatch);
export const changePasswordBody = z
  .object({
    password_old: required(),
    password: newPassword(),
    confirmPassword: z.string().min(1, accountMessages.required),
  })
  .refine(matching, mismatch);

export const googleLoginBody = z.object({ credential: z.string().min(10).max(4000) });
export const facebookLoginBody = z.object({ accessToken: z.string().min(10).max(4000) });

export const lookupQuery = {
  email: z.object({ email: z.string().max(255) }),
  username: z.object({ username: z.string().max(100) }),
  google: z.object({ google_id: z.string().max(100), email: z.string().max(255).optional() }),
  facebook: z.object({ facebook_id: z.string().max(100), email: z.string().max(255).optional() }),
};

/** How a waiting order is being paid: the order's payment method. */
export const paymentWaitTypes = orderPayments;

/**
 * The signed-in member as the web sees it: the user row plus what they own, computed by the server.
 * Lists are parallel: wait[i] is paid by waitType[i] with reference waitRef[i]; finish[i] has count[i] of day[i]
 * days used and was approved at approve[i].
 */
export const currentUser = user.row.extend({
  finish: z.array(z.number().int()),
  wait: z.array(z.number().int()),
  waitType: z.array(z.string()),
  waitRef: z.array(z.string()),
  count: z.array(z.number().int()),
  day: z.array(z.number().int()),
  approve: z.array(z.string().nullable()),
  certificate: z.array(z.number().int()),
  code: z.array(z.string()),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const currentStaff = z.object({
  id: z.number().int(),
  username: z.string(),
  personnel_name: z.string().nullable(),
  personnel_lname: z.string().nullable(),
  position: z.literal('personnel'),
});
export type CurrentStaff = z.infer<typeof currentStaff>;

export const session = z.object({ token: z.string(), expiresAt: z.string() });

/**
 * What a social sign-in answers: a session when an account matches, otherwise what the register dialog needs to
 * open prefilled. `email` is null when Facebook gave none: the web asks for it.
 */
export const socialResult = z.object({
  token: z.string().optional(),
  expiresAt: z.string().optional(),
  signup: z
    .object({
      ticket: z.string(),
      provider: z.enum(['google', 'facebook']),
      email: z.string().nullable(),
      name_th: z.string().nullable(),
      lname_th: z.string().nullable(),
    })
    .optional(),
});

export const publicSettings = z.object({
  googleClientId: z.string().nullable(),
  facebookAppId: z.string().nullable(),
});

/** What userCheckToken answers for a token that still counts: whose it is and when it ends. */
export const tokenCheck = z.object({ role: z.enum(['member', 'staff']), expiresAt: z.iso.datetime() });

/** Whether an account has the looked-up value; staff also get the record (visitors learn existence only). */
export const lookupResult = z.object({ exists: z.boolean(), user: user.row.optional() });

export const memberTotal = z.object({ total: z.number().int() });
