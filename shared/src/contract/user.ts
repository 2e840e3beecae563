/** Users, as listed and edited by administrators and as held in the browser session. */
import { z } from 'zod';
import type { UserTenant } from './tenant';
import { emailSchema, firstNameSchema, idSchema, lastNameSchema, passwordSchema, phoneSchema, userNameSchema } from '../validation';
import { dateWindowSchema, pagingQuerySchema } from './paging';
import { answerCount, answerDay, answerId, answerInstant } from './answer-fields';
import { highLevelTenantSchema, userTenantSchema } from './tenant';

export interface RoleRef {
  Id: string;
  name: string;
}
export interface PermissionRef {
  Id: string;
  hierarchy: string;
}

export interface User {
  Id: string;
  firstName: string;
  lastName: string;
  userName: string;
  emailAddress: string;
  mobile: string | null;
  tenantId: string;
  selectedTenant: string | null;
  roles: RoleRef[];
  tenants: UserTenant[];
  /** The user's own permissions. */
  permissions: PermissionRef[];
  /** Permissions granted through the user's roles. */
  rolepermissions: { hierarchy: string }[];
  tours: string[];
  emailVerified: boolean;
  mustChangePassword: boolean;
  passwordExpiresAt: string | null;
  lastLoginAt: string | null;
  dateCreated: string;
  dateDeleted: string | null;
}

export type UserListItem = Pick<
  User,
  'Id' | 'firstName' | 'lastName' | 'userName' | 'emailAddress' | 'mobile' | 'tenantId' | 'lastLoginAt' | 'dateCreated' | 'dateDeleted'
> & {
  tenantName: string;
  roles: string[];
};

const userFields = {
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  userName: userNameSchema,
  emailAddress: emailSchema,
  mobile: phoneSchema.nullable().optional(),
  roleIds: z.array(idSchema).min(1, 'Choose at least one role.'),
  /** The first tenant is the user's home tenant. */
  tenantIds: z.array(idSchema).min(1, 'Choose at least one tenant.'),
  permissionIds: z.array(idSchema).optional(),
};
export const userCreateSchema = z.object({ ...userFields, password: passwordSchema.optional() });
export type UserCreate = z.infer<typeof userCreateSchema>;
export const userUpdateSchema = z.object({ ...userFields, selectedTenant: idSchema.nullable().optional() }).partial();
export type UserUpdate = z.infer<typeof userUpdateSchema>;

export const userListQuerySchema = pagingQuerySchema.extend({
  /** The spec names the sort direction sortValue on this call; sortOrder is accepted too. */
  sortValue: z.string().optional(),
  roleName: z.string().trim().max(60).optional(),
  tenantId: idSchema.optional(),
  usrId: z.string().optional(),
});

export const userExistSchema = z
  .object({
    emailAddress: z.string().trim().optional(),
    userName: z.string().trim().optional(),
    mobile: z.string().trim().optional(),
    excludeId: idSchema.optional(),
  })
  .refine((v) => v.emailAddress || v.userName || v.mobile, { message: 'Give an e-mail address, user name or mobile number.' });
export interface UserExistAnswer {
  exists: boolean;
  emailAddress: boolean;
  userName: boolean;
  mobile: boolean;
}

export const userIdsSchema = z.object({ userIds: z.array(idSchema).min(1, 'Choose at least one user.').max(1000) });
export const undeleteSchema = z.object({ data: userIdsSchema });

export const changePasswordSchema = z.object({
  /** Required when users change their own password. */
  currentPassword: z.string().optional(),
  password: passwordSchema,
});
export const tourSchema = z.object({ tour: z.string().trim().min(1).max(60) });

export const loginReportQuerySchema = pagingQuerySchema.extend(dateWindowSchema.shape).extend({ userId: idSchema.optional() });

export const roleRefSchema: z.ZodType<RoleRef> = z.strictObject({ Id: answerId, name: z.string() }).meta({ id: 'RoleRef' });
export const permissionRefSchema: z.ZodType<PermissionRef> = z
  .strictObject({ Id: answerId, hierarchy: z.string() })
  .meta({ id: 'PermissionRef' });

const userFieldsAnswered = {
  Id: answerId,
  firstName: z.string(),
  lastName: z.string(),
  userName: z.string(),
  emailAddress: z.string(),
  mobile: z.string().nullable(),
  tenantId: answerId,
  selectedTenant: answerId.nullable(),
  roles: z.array(roleRefSchema),
  tenants: z.array(userTenantSchema),
  permissions: z.array(permissionRefSchema),
  rolepermissions: z.array(z.strictObject({ hierarchy: z.string() })),
  tours: z.array(z.string()),
  emailVerified: z.boolean(),
  mustChangePassword: z.boolean(),
  passwordExpiresAt: answerInstant.nullable(),
  lastLoginAt: answerInstant.nullable(),
  dateCreated: answerInstant,
  dateDeleted: answerInstant.nullable(),
};
export const userSchema: z.ZodType<User> = z.strictObject(userFieldsAnswered).meta({ id: 'User' });
export const userWithHighLevelTenantsSchema = z
  .strictObject({ ...userFieldsAnswered, highLevelTenants: z.array(highLevelTenantSchema) })
  .meta({ id: 'UserWithHighLevelTenants' });

export const userListItemSchema: z.ZodType<UserListItem> = z
  .strictObject({
    Id: answerId,
    firstName: z.string(),
    lastName: z.string(),
    userName: z.string(),
    emailAddress: z.string(),
    mobile: z.string().nullable(),
    tenantId: answerId,
    tenantName: z.string(),
    lastLoginAt: answerInstant.nullable(),
    dateCreated: answerInstant,
    dateDeleted: answerInstant.nullable(),
    roles: z.array(z.string()),
  })
  .meta({ id: 'UserListItem' });

/** A user by name and contact, as pickers list them. */
export const userContactSchema = z
  .strictObject({
    Id: answerId,
    firstName: z.string(),
    lastName: z.string(),
    userName: z.string(),
    emailAddress: z.string(),
    mobile: z.string().nullable(),
  })
  .meta({ id: 'UserContact' });

export const userExistAnswerSchema: z.ZodType<UserExistAnswer> = z
  .strictObject({ exists: z.boolean(), emailAddress: z.boolean(), userName: z.boolean(), mobile: z.boolean() })
  .meta({ id: 'UserExistAnswer' });

export const restoredCountSchema = z.strictObject({ restored: answerCount });
export type UserWithHighLevelTenants = z.infer<typeof userWithHighLevelTenantsSchema>;
export type UserContact = z.infer<typeof userContactSchema>;
export type RestoredCount = z.infer<typeof restoredCountSchema>;
export type TemporaryPassword = { temporaryPassword: string };
/** A row of GET /users/loginreport. */
export type LoginReportRow = z.infer<typeof loginReportItemSchema>;
/** A row of GET /users/password_changed_history. */
export type PasswordChangeRow = z.infer<typeof passwordChangeItemSchema>;
export type LoginHistoryDashboard = z.infer<typeof loginHistoryDashboardSchema>;
export type NewUsersDashboard = z.infer<typeof newUsersDashboardSchema>;

/** A sign-in attempt (GET /users/loginreport): who, from where, and whether it succeeded. */
export const loginReportItemSchema = z
  .strictObject({
    Id: answerId,
    userId: answerId,
    userName: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    tenantName: z.string(),
    success: z.boolean(),
    reason: z.string().nullable(),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
    dateCreated: answerInstant,
  })
  .meta({ id: 'LoginReportItem' });

/** A password change (GET /users/password_changed_history); `changedBy` is null when the user changed it. */
export const passwordChangeItemSchema = z
  .strictObject({
    Id: answerId,
    userId: answerId,
    userName: z.string(),
    emailAddress: z.string(),
    changedBy: z.string().nullable(),
    expired: z.boolean(),
    dateCreated: answerInstant,
  })
  .meta({ id: 'PasswordChangeItem' });

/** Sign-ins per day (GET /users/dashboard/login-history). */
export const loginHistoryDashboardSchema = z.strictObject({
  days: answerCount,
  series: z.array(z.strictObject({ day: answerDay, successful: answerCount, failed: answerCount, distinctUsers: answerCount })),
});

/** New users per day, and how many users there are (GET /users/dashboard/new-users). */
export const newUsersDashboardSchema = z.strictObject({
  days: answerCount,
  totalUsers: answerCount,
  newUsers: answerCount,
  series: z.array(z.strictObject({ day: answerDay, newUsers: answerCount })),
});
