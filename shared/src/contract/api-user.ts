/**
 * API users (screens /admin/api-users, /api-user/add): named keys for machine access. A key is
 * `mk_<prefix>_<secret>`; the server keeps only its SHA-256 hash and shows the key once, when it is
 * created. The prefix is not secret: lists show it so a key can be recognised.
 */
import { z } from 'zod';
import { idSchema, instantSchema } from '../validation';
import type { PermissionRef } from './user';
import { answerId, answerInstant } from './answer-fields';
import { permissionRefSchema } from './user';

export const API_KEY_PREFIX_LENGTH = 8;
/** `mk_`, 8 hex characters, `_`, then 32 random bytes in base64url (43 characters). */
export const API_KEY_PATTERN = /^mk_([0-9a-f]{8})_([A-Za-z0-9_-]{43})$/;
/** Whether a bearer credential is meant as an API key (as opposed to an access token), well-formed or not. */
export const looksLikeApiKey = (credential: string) => credential.startsWith('mk_');

export type ApiUserStatus = 'active' | 'revoked' | 'expired';

export interface ApiUser {
  Id: string;
  tenantId: string;
  tenantName: string;
  name: string;
  keyPrefix: string;
  permissions: PermissionRef[];
  status: ApiUserStatus;
  createdBy: string;
  createdByUserName: string;
  dateCreated: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  expiresAt: string | null;
}

/** The answer to creating an API user: the only time the key itself is ever sent. */
export type ApiUserCreated = ApiUser & { key: string };

export const apiUserCreateSchema = z.object({
  name: z.string().trim().min(2, 'A name has at least 2 characters.').max(80, 'A name has at most 80 characters.'),
  /** A key acts only through its permissions, so one without any could do nothing. */
  permissionIds: z.array(idSchema).min(1, 'Choose at least one permission.'),
  expiresAt: instantSchema('Give the expiry as an ISO date or date-time.')
    .refine((date) => date.getTime() > Date.now(), 'The expiry must be in the future.')
    .nullable()
    .optional(),
});
export type ApiUserCreate = z.infer<typeof apiUserCreateSchema>;

const apiUserFields = {
  Id: answerId,
  tenantId: answerId,
  tenantName: z.string(),
  name: z.string(),
  keyPrefix: z.string(),
  permissions: z.array(permissionRefSchema),
  status: z.enum(['active', 'revoked', 'expired']),
  createdBy: answerId,
  createdByUserName: z.string(),
  dateCreated: answerInstant,
  lastUsedAt: answerInstant.nullable(),
  revokedAt: answerInstant.nullable(),
  expiresAt: answerInstant.nullable(),
};
export const apiUserSchema: z.ZodType<ApiUser> = z.strictObject(apiUserFields).meta({ id: 'ApiUser' });
/** The new API user with its key, shown this once. */
export const apiUserCreatedSchema: z.ZodType<ApiUserCreated> = z
  .strictObject({ ...apiUserFields, key: z.string() })
  .meta({ id: 'ApiUserCreated' });
