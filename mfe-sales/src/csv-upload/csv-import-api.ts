/** The CSV imports' API paths, from the area data, called through the shared client. */
import { csvImports } from '@meridian/shared/contract/areas/sales';
import type { CsvImportModel } from '@meridian/shared/contract/csv-import';
import { apiPath } from '@meridian/shared/http/api-path';

export const CSV_API = {
  upload: (model: CsvImportModel) => apiPath(csvImports.api.upload, { model }),
  one: (id: string) => apiPath(csvImports.api.one, { id }),
  errorRows: (id: string) => apiPath(csvImports.api.errorRows, { id }),
  fixRows: (id: string) => apiPath(csvImports.api.fixRows, { id }),
  run: (id: string) => apiPath(csvImports.api.run, { id }),
} as const;

/** How often the screen asks how far an import has got. */
export const PROGRESS_POLL_MS = 500;
