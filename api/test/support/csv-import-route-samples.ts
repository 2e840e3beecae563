/**
 * Route samples of the CSV imports (issue 21), joined into ROUTE_SAMPLES: a checked clients file of
 * Lending, uploaded by its owner at company level, made on first use; the import call takes a fresh one
 * each time (an imported file is not imported again).
 */
import type { CsvImport } from '@meridian/shared/contract/csv-import';
import type { Fixtures } from './route-matrix-fixtures';
import type { Sample } from './route-samples';

/** A multipart body holding one CSV file in the field 'file'. */
async function csvForm(text: string) {
  const data = new FormData();
  data.append('file', new Blob([text], { type: 'text/csv' }), 'matrix.csv');
  const response = new Response(data);
  return { body: Buffer.from(await response.arrayBuffer()), headers: { 'content-type': response.headers.get('content-type')! } };
}

const CLIENTS_FILE = 'firstName,lastName\nMatrix,Importee\nMatrix,\n';

async function newImport(f: Fixtures): Promise<string> {
  const answer = await f.owner.call<CsvImport>('POST', '/api/csv-imports/clients', {
    tenant: f.tenants.lending,
    ...(await csvForm(CLIENTS_FILE)),
  });
  if (answer.status !== 201) throw new Error(`POST /api/csv-imports/clients answered ${answer.status}: ${answer.text}`);
  return answer.body.data.id;
}

/** A fixed import, ready to be imported. */
async function readyImport(f: Fixtures): Promise<string> {
  const id = await newImport(f);
  const fixed = await f.owner.call('PUT', `/api/csv-imports/${id}/rows`, {
    tenant: f.tenants.lending,
    body: { rows: [{ rowNumber: 2, values: { firstName: 'Matrix', lastName: 'Fixed' } }] },
  });
  if (fixed.status !== 200) throw new Error(`fixing ${id} answered ${fixed.status}: ${fixed.text}`);
  return id;
}

const made = new WeakMap<Fixtures, Promise<string>>();
function sharedImport(f: Fixtures) {
  const making = made.get(f) ?? newImport(f);
  made.set(f, making);
  return making;
}

const object = (call: Sample['call'], extra: Partial<Sample> = {}): Sample => ({ kind: 'object', call, ...extra });
const own = (call: Sample['call'], extra: Partial<Sample> = {}): Sample => ({ kind: 'own', call, ...extra });

export const CSV_IMPORT_ROUTE_SAMPLES: Record<string, Sample> = {
  'POST /api/csv-imports/:model': own(async () => ({ params: { model: 'clients' }, ...(await csvForm(CLIENTS_FILE)) })),
  'GET /api/csv-imports/:id': object(async (f) => ({ params: { id: await sharedImport(f) } })),
  'GET /api/csv-imports/:id/error-rows': object(async (f) => ({ params: { id: await sharedImport(f) } })),
  'PUT /api/csv-imports/:id/rows': object(async (f) => ({
    params: { id: await sharedImport(f) },
    body: { rows: [{ rowNumber: 1, values: { firstName: 'Matrix', lastName: 'Importee' } }] },
  })),
  'POST /api/csv-imports/:id/import': object(async (f) => ({ params: { id: await readyImport(f) } })),
};
