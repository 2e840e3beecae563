/**
 * Which kept files a caller sees: those of their subtree (the tenant the run acted for lies in it) whose report
 * they may read now. Standard reports' files need the standard reports' read grant; custom reports' files the
 * custom reports' read grant to be listed, and to be downloaded, the custom report itself still within the
 * caller's reach (the registry's custom source answers it). A file outside all that is 404, as if it did not exist.
 */
import { can } from '@meridian/shared/contract/access';
import { customReports, standardReports } from '@meridian/shared/contract/areas/reports';
import type { Principal, TenantScope } from '../../auth/principal';
import { grantsOf } from '../../auth/allow';
import type { SqlParams } from '../../db/sql-params';
import { inScope } from '../../tenancy/subtree';

const KIND_GRANTS = { standard: grantsOf(standardReports, 'read'), custom: grantsOf(customReports, 'read') } as const;

/** The report kinds whose files the principal may list. */
export const listableKinds = (principal: Principal) =>
  (Object.keys(KIND_GRANTS) as (keyof typeof KIND_GRANTS)[]).filter((kind) => can(principal, KIND_GRANTS[kind]));

/** SQL condition on `report_files rf`: the caller sees the file (in their subtree, of a kind they may list). */
export function visibleFilesSql(principal: Principal, scope: TenantScope, p: SqlParams): string {
  return `${inScope('rf.tenant_id', scope, p)} and rf.report_kind = any(${p.add(listableKinds(principal))}::text[])`;
}
