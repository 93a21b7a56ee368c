/**
 * Registration (issue 18 §3, the account step of issue 19): a person creates his own account from
 * the sign-in page or the NFC onboarding. The account is a plain User of no organisation (he joins
 * one by activating a device or by an invitation) and stays unverified until he opens the link
 * mailed to his address: that link verifies the address and signs him in, on a page that asks for
 * one click first (a mail scanner that fetches the link changes nothing).
 *
 * Username: optional. Left out, the server makes one from the e-mail address (its local part,
 * with a number added when taken) and says which in its answer, in the mail and on the "check
 * your mail" page. People remember their e-mail address, not a name they were made to invent at
 * the door; who wants a particular name types it.
 *
 * One schema per payload (RegisterBody is the server's validation and the forms' rules), and the
 * one rule no schema can say — the confirmation typed identically — as registrationProblems.
 */
import * as T from 'typebox';
import { MESSAGES, SUPPORTED_LANGUAGES } from '../constants';
import { PASSWORD_MAX_LENGTH, Username } from './auth';
import { NOT_BLANK, StringEnum } from './common';
import { formProblems, type FieldProblem } from './form';
import { Email, NewPassword, Phone, PROFILE_TEXT_LIMITS } from './user';

/** The shell's public page the mailed link opens (?token=…); the server builds the link with it. */
export const VERIFY_EMAIL_PATH = '/verify-email';

/** How long the mailed link verifies the address (hours). It works once. */
export const EMAIL_VERIFICATION_TTL_HOURS = 24;

/** The server's English texts (the browser translates by code where it has one). */
export const REGISTRATION_MESSAGES = {
  /** Spec §8. */
  emailTaken: 'An account with the given email already exists',
  /** Spec §8, as for password links. */
  linkExpired: 'The link has expired',
  passwordsMismatch: MESSAGES.passwordsMismatch,
  notVerified:
    'Confirm your e-mail address first: open the link we sent you when you registered, or ask for a new link.',
  /** POST /register/resend: the same whether or not an unconfirmed account uses the address. */
  resendSent: 'If an account with this address is waiting for confirmation, a new link was sent to it.',
  throttled: (minutes: number) =>
    `Too many registrations from your network. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  mailFailed:
    'The e-mail with the link could not be sent, so no account was made. Check the address and try again in a few minutes.',
} as const;

/** 409 of POST /register: an account already uses the address (case-insensitively). */
export const EMAIL_TAKEN_CODE = 'email_taken';
/** 409 of POST /register: the chosen username is taken. */
export const USERNAME_TAKEN_CODE = 'username_taken';
/** 403 of a sign-in with the right password of an account whose address is not confirmed yet. */
export const EMAIL_NOT_VERIFIED_CODE = 'email_not_verified';
/** 400 of POST /register/verify: an unknown, used or expired link. */
export const LINK_EXPIRED_CODE = 'link_expired';
/** 429 of POST /register and /register/resend (with Retry-After, seconds). */
export const REGISTRATION_THROTTLED_CODE = 'too_many_registrations';

/** "/", or "/" and no second "/" or "\\" (another site), no white space. */
const REDIRECT_PATTERN = '^/([^/\\\\\\s]\\S*)?$';

/** A path of this site to continue at once verified ("/onboarding?tag=…"); never another site. */
export const RedirectPath = T.String({ maxLength: 500, pattern: REDIRECT_PATTERN });

/** Whether `value` is a path RedirectPath accepts (the browser checks before sending). */
export function isRedirectPath(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 500 && new RegExp(REDIRECT_PATTERN, 'u').test(value);
}

/** The name a person goes by: not blank. */
const RequiredName = T.String({ title: 'Name', maxLength: PROFILE_TEXT_LIMITS.fullname, pattern: NOT_BLANK });
const ConfirmPassword = T.String({
  title: 'Confirm password',
  format: 'password',
  maxLength: PASSWORD_MAX_LENGTH,
});

const formFields = {
  name: RequiredName,
  email: Email,
  phone: T.Optional(Phone),
  /** Left out: made from the e-mail address (see above). */
  username: T.Optional(Username),
  password: NewPassword,
  confirmPassword: ConfirmPassword,
};

/** The fields a person fills in (both registration forms): their rules, read by formProblems. */
export const RegistrationForm = T.Object(formFields);
export type RegistrationForm = T.Static<typeof RegistrationForm>;

/** POST /api/v3/register (public). */
export const RegisterBody = T.Object(
  {
    ...formFields,
    /** The language of the mail and of the account; default the server's. */
    language: T.Optional(StringEnum(SUPPORTED_LANGUAGES)),
    /** Where the verification link leads on once signed in (default the overview). */
    redirect: T.Optional(RedirectPath),
  },
  { additionalProperties: false },
);
export type RegisterBody = T.Static<typeof RegisterBody>;

/** What POST /register answers: where the link went and the account's username (never the link). */
export interface RegisterResult {
  email: string;
  username: string;
}

/** A verification link's token. */
const Token = T.String({ minLength: 1, maxLength: 200 });

/** POST /api/v3/register/verify (public): the token of the mailed link. */
export const VerifyEmailBody = T.Object({ token: Token }, { additionalProperties: false });
export type VerifyEmailBody = T.Static<typeof VerifyEmailBody>;

/** What POST /register/verify answers; the session cookie comes with it. */
export interface VerifyEmailResult {
  userId: number;
  username: string;
  /** Where to continue (the path given at registration, else the overview). */
  redirect: string;
}

/**
 * POST /api/v3/register/resend (public): a new link for the unconfirmed account whose username or
 * e-mail address is `login`. Answers the same whether or not there is one.
 */
export const ResendVerificationBody = T.Object(
  {
    login: T.String({ minLength: 1, maxLength: PROFILE_TEXT_LIMITS.email, pattern: NOT_BLANK }),
    redirect: T.Optional(RedirectPath),
  },
  { additionalProperties: false },
);
export type ResendVerificationBody = T.Static<typeof ResendVerificationBody>;

export interface ResendVerificationResult {
  message: string;
}

/** The body of a 429 of /register or /register/resend. */
export interface RegistrationThrottledBody {
  message: string;
  code: typeof REGISTRATION_THROTTLED_CODE;
  /** Seconds. */
  retryAfter: number;
}

export const REGISTRATION_FIELDS = [
  'name',
  'email',
  'phone',
  'username',
  'password',
  'confirmPassword',
] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];
export type RegistrationValues = Record<RegistrationField, string>;

/** A rule of the schema, or the confirmation that differs from the password. */
export type RegistrationProblem = FieldProblem | { rule: 'mismatch'; limit?: undefined };

export const emptyRegistration = (): RegistrationValues => ({
  name: '',
  email: '',
  phone: '',
  username: '',
  password: '',
  confirmPassword: '',
});

/**
 * The first problem of each field by the rules the server applies too (RegisterBody's, and the
 * confirmation identical); empty when the values may be sent.
 */
export function registrationProblems(
  values: Partial<RegistrationValues>,
): Partial<Record<RegistrationField, RegistrationProblem>> {
  const out: Partial<Record<RegistrationField, RegistrationProblem>> = formProblems(RegistrationForm, values);
  if (!out.confirmPassword && (values.confirmPassword ?? '') !== (values.password ?? ''))
    out.confirmPassword = { rule: 'mismatch' };
  return out;
}

/**
 * The request body of the values: texts trimmed (not the passwords), optional fields left out
 * when empty (an empty username asks the server to make one).
 */
export function registrationBody(
  values: RegistrationValues,
  extra: { language?: string; redirect?: string } = {},
): RegisterBody {
  const phone = values.phone.trim();
  const username = values.username.trim();
  const language = (SUPPORTED_LANGUAGES as readonly string[]).includes(extra.language ?? '')
    ? (extra.language as RegisterBody['language'])
    : undefined;
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    ...(phone ? { phone } : {}),
    ...(username ? { username } : {}),
    password: values.password,
    confirmPassword: values.confirmPassword,
    ...(language ? { language } : {}),
    ...(isRedirectPath(extra.redirect) ? { redirect: extra.redirect } : {}),
  };
}
