/**
 * The user form's schema, built from the contract's (shared/contract/user userCreateSchema), so the
 * browser checks exactly what the API checks: first name 1 to 20 letters (no digits or special
 * characters), the phone rule (0 followed by 9 digits), the user-name and e-mail rules, at least one
 * role and one tenant.
 *
 * The password is optional on the contract: without one the server e-mails the new user a link to
 * choose their own. An emptied password field holds null, so it is accepted here and left out of the
 * request. Per-user permissions are not edited on this form (roles carry them), so they are left out
 * and an edit keeps the user's own.
 */
import { userCreateSchema, type UserCreate, type UserUpdate } from '@meridian/shared/contract/user';

export const userFormSchema = userCreateSchema
  .omit({ permissionIds: true })
  .extend({ password: userCreateSchema.shape.password.unwrap().nullable().optional() });

export type UserFormInput = (typeof userFormSchema)['_zod']['input'];
export type UserFormValues = (typeof userFormSchema)['_zod']['output'];

/** The fields a server refusal may name, for applyFieldErrors. */
export const USER_FORM_FIELDS = [
  'firstName',
  'lastName',
  'userName',
  'emailAddress',
  'mobile',
  'roleIds',
  'tenantIds',
  'password',
] as const;

export const emptyUserForm = (): UserFormInput => ({
  firstName: '',
  lastName: '',
  userName: '',
  emailAddress: '',
  mobile: null,
  roleIds: [],
  tenantIds: [],
  password: null,
});

/** POST /api/users: no password means the server mails a link to choose one. */
export function toCreateBody({ password, ...user }: UserFormValues): UserCreate {
  return password ? { ...user, password } : user;
}

/** PUT /api/users/:id: the profile, roles and tenants; the password is changed on its own page. */
export function toUpdateBody({ password: _password, ...user }: UserFormValues): UserUpdate {
  return user;
}

/** The fields the existence check (POST /api/users/exist) looks at. */
export type UniqueField = 'emailAddress' | 'userName' | 'mobile';
export const UNIQUE_FIELDS: readonly UniqueField[] = ['emailAddress', 'userName', 'mobile'];

/**
 * The value as the server would store it (trimmed, the e-mail in lower case), or null when it is
 * empty or breaks the field's own rule, in which case there is nothing to check yet.
 */
export function checkableValue(field: UniqueField, value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const parsed = userCreateSchema.shape[field].safeParse(value);
  return parsed.success && typeof parsed.data === 'string' ? parsed.data : null;
}

/** Two values of a unique field name the same user (e-mail and user name are compared without case, as the server does). */
export const sameUniqueValue = (field: UniqueField, a: string, b: string) =>
  field === 'mobile' ? a.trim() === b.trim() : a.trim().toLowerCase() === b.trim().toLowerCase();
