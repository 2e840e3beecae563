/** Roles and permissions. */
import { z } from 'zod';
import { idSchema } from '../validation';

export interface Permission { Id: string; hierarchy: string; name: string; description: string | null }
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
