/**
 * Form schemas of the password pages, built from the contract's schemas so the rules stay the server's
 * (shared/contract/user changePasswordSchema; its password is the shared passwordSchema). The shell
 * does not depend on zod itself, so the extra fields are derived from the contract's own string schema.
 */
import { changePasswordSchema } from '@meridian/shared/contract/user';
import { MESSAGES } from '@meridian/shared/messages';

/** A plain string schema: the contract's optional current password, unwrapped. */
const text = () => changePasswordSchema.shape.currentPassword.unwrap();

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * New password, its confirmation and, when users change their own password, the current one.
 * `when` lets the cross-field checks run while the new password still breaks a rule, so a mismatch
 * is reported as soon as it exists rather than after the password becomes valid.
 */
export const passwordFormSchema = (askCurrent: boolean) =>
  changePasswordSchema
    .extend({ confirmPassword: text().min(1, MESSAGES.confirmPasswordRequired) })
    .refine((values) => !askCurrent || Boolean(values.currentPassword), {
      path: ['currentPassword'],
      message: MESSAGES.currentPasswordRequired,
      when: (payload) => isRecord(payload.value),
    })
    .refine((values) => values.password === values.confirmPassword, {
      path: ['confirmPassword'],
      message: MESSAGES.passwordsDoNotMatch,
      when: (payload) => isRecord(payload.value) && typeof payload.value.password === 'string' && Boolean(payload.value.confirmPassword),
    });

export type PasswordFormSchema = ReturnType<typeof passwordFormSchema>;
export type PasswordFormValues = PasswordFormSchema['_zod']['output'];
