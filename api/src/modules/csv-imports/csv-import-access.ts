/**
 * Who may import what, and which imports a caller sees. The screen and routes open for anyone who may
 * create one of the four models; each model then needs the permission its own single create needs
 * (clients create, leads create, loans apply, payments take). An import lives in the tenant the
 * uploader acted for: it is seen from that tenant's subtree and above; another company's answers 404.
 */
import { can, type PermissionHolder } from '@meridian/shared/contract/access';
import { csvImports } from '@meridian/shared/contract/areas/sales';
import type { CsvImportModel, CsvImportStatus } from '@meridian/shared/contract/csv-import';
import type { TenantScope } from '../../auth/principal';
import { allow, grantsOf } from '../../auth/allow';
import type { Queryable } from '../../db/database';
import { sqlParams } from '../../db/sql-params';
import { forbidden, notFound } from '../../http/errors';
import { inScope } from '../../tenancy/subtree';

export const CSV_IMPORTERS = allow(csvImports, 'upload');

/** Refuses a caller who may not create the model's rows one by one. */
export function assertMayImport(holder: PermissionHolder, model: CsvImportModel) {
  if (!can(holder, grantsOf(csvImports, model))) throw forbidden(`You may not create ${model}, so you may not import them.`);
}

export interface ImportRow {
  id: string;
  tenant_id: string;
  user_id: string;
  model: CsvImportModel;
  status: CsvImportStatus;
  stored_name: string;
  total_rows: number;
}

const IMPORT_ROW = `i.id, i.tenant_id, i.user_id, i.model, i.status, i.stored_name, i.total_rows`;

/** The import if it lies in the caller's subtree, else 404; with `lock`, locked until the transaction ends. */
export async function visibleImport(q: Queryable, scope: TenantScope, id: string, options: { lock?: boolean } = {}): Promise<ImportRow> {
  const p = sqlParams([id]);
  const row = await q.one<ImportRow>(
    `select ${IMPORT_ROW} from csv_imports i where i.id = $1 and ${inScope('i.tenant_id', scope, p)}${options.lock ? ' for update of i' : ''}`,
    p.values,
  );
  if (!row) throw notFound('CSV import');
  return row;
}
