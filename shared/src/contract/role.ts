/** Roles and permissions. */
import { z } from 'zod';
import { idSchema } from '../validation';
import { answerCount, answerId, answerInstant } from './answer-fields';
import { permissionRefSchema } from './user';

export interface Permission {
  Id: string;
  hierarchy: string;
  name: string;
  description: string | null;
}
export interface Role {
  Id: string;
  name: string;
  description: string | null;
  systemRole: boolean;
  tenantId: string | null;
  permissions: { Id: string; hierarchy: string }[];
  userCount: number;
  dateCreated: string;
  /** Whether the caller may change this role (a role of a tenant above, or one holding permissions they lack, is read-only). */
  editable: boolean;
}

export const roleSaveSchema = z.object({
  name: z.string().trim().min(2, 'A role name has at least 2 characters.').max(60),
  description: z.string().trim().max(300).nullable().optional(),
  permissionIds: z.array(idSchema).default([]),
});
export type RoleSave = z.infer<typeof roleSaveSchema>;

export const permissionSchema: z.ZodType<Permission> = z
  .strictObject({ Id: answerId, hierarchy: z.string(), name: z.string(), description: z.string().nullable() })
  .meta({ id: 'Permission' });

/** A permission a user holds: given to them directly, through a role, or both. */
export const heldPermissionSchema = z
  .strictObject({ Id: answerId, hierarchy: z.string(), name: z.string(), direct: z.boolean(), viaRole: z.boolean() })
  .meta({ id: 'HeldPermission' });

export const roleSchema: z.ZodType<Role> = z
  .strictObject({
    Id: answerId,
    name: z.string(),
    description: z.string().nullable(),
    systemRole: z.boolean(),
    tenantId: answerId.nullable(),
    permissions: z.array(permissionRefSchema),
    userCount: answerCount,
    dateCreated: answerInstant,
    editable: z.boolean(),
  })
  .meta({ id: 'Role' });

/** The named groups of system roles (ROLE_GROUPS), each a list of role names. */
export const roleGroupsSchema = z.record(z.string(), z.array(z.string()));
export type HeldPermission = z.infer<typeof heldPermissionSchema>;
