/**
 * The sign-in form's two rules, written out by hand: the contract's `loginSchema` would bring the whole
 * zod library (about 23 KB compressed) to the page every visitor downloads first. The rules are the
 * schema's (sign-in-rules.test.ts checks them against it); the server still validates with the schema.
 */
import type { LoginRequest } from '@meridian/shared/contract/auth';

export type SignInField = keyof LoginRequest;
export type SignInErrors = Partial<Record<SignInField, string>>;

const EMAIL_MAX_LENGTH = 254;
const PASSWORD_MAX_LENGTH = 256;

const RULES: Record<SignInField, (value: string) => string | undefined> = {
  email: (value) => {
    const typed = value.trim();
    if (typed.length === 0) return 'Enter your e-mail address.';
    if (typed.length > EMAIL_MAX_LENGTH) return `An e-mail address or user name has at most ${EMAIL_MAX_LENGTH} characters.`;
    return undefined;
  },
  password: (value) => {
    if (value.length === 0) return 'Enter your password.';
    if (value.length > PASSWORD_MAX_LENGTH) return `A password has at most ${PASSWORD_MAX_LENGTH} characters.`;
    return undefined;
  },
};

export const SIGN_IN_FIELDS = Object.keys(RULES) as SignInField[];

/** The message for one field's value, or undefined when it may be sent. */
export const signInFieldError = (field: SignInField, value: string) => RULES[field](value);

/** Every field's message; an empty object means the form may be sent. */
export function signInErrors(values: LoginRequest): SignInErrors {
  const errors: SignInErrors = {};
  for (const field of SIGN_IN_FIELDS) {
    const message = signInFieldError(field, values[field]);
    if (message) errors[field] = message;
  }
  return errors;
}

/** What is sent: the e-mail or user name without the spaces around it, as the schema reads it. */
export const signInRequest = (values: LoginRequest): LoginRequest => ({ email: values.email.trim(), password: values.password });
