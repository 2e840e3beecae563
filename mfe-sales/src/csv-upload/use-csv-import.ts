/**
 * The state of one upload on the screen: the import as the server answers it, the error rows of the
 * page shown (with the user's edits), and the calls that change it: upload, check again, import. While
 * importing it asks the server how far it has got until the import has ended.
 */
import { useCallback, useEffect, useState } from 'react';
import type { CsvFixResult, CsvImport, CsvImportModel, CsvRow, CsvValues } from '@meridian/shared/contract/csv-import';
import { api } from '@meridian/shared/http/api';
import { CSV_API, PROGRESS_POLL_MS } from './csv-import-api';

export const ERROR_PAGE_SIZE = 20;

export interface EditedRow extends CsvRow {
  /** Changed by the user since it was last checked. */
  edited: boolean;
}

export function useCsvImport() {
  const [imp, setImp] = useState<CsvImport | null>(null);
  const [rows, setRows] = useState<EditedRow[]>([]);
  const [errorTotal, setErrorTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState<'uploading' | 'checking' | 'starting' | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  const loadErrors = useCallback(async (id: string, pageNumber: number) => {
    const answer = await api.get<CsvRow[]>(CSV_API.errorRows(id), { query: { page: pageNumber, size: ERROR_PAGE_SIZE } });
    setRows(answer.data.map((r) => ({ ...r, edited: false })));
    setErrorTotal(answer.paging?.total ?? answer.data.length);
    setPage(pageNumber);
  }, []);

  const run = useCallback(async (kind: NonNullable<typeof busy>, work: () => Promise<void>) => {
    setBusy(kind);
    setFailure(null);
    try {
      await work();
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(null);
    }
  }, []);

  const upload = (model: CsvImportModel, file: File) =>
    run('uploading', async () => {
      const form = new FormData();
      form.append('file', file, file.name);
      const answer = await api.post<CsvImport>(CSV_API.upload(model), form);
      setImp(answer.data);
      if (answer.data.errorRows) await loadErrors(answer.data.id, 1);
      else setRows([]);
    });

  const edit = (rowNumber: number, column: string, value: string) =>
    setRows((current) =>
      current.map((r) => (r.rowNumber === rowNumber ? { ...r, values: { ...r.values, [column]: value }, edited: true } : r)),
    );

  /** Sends the edited rows; each keeps its place with its new errors (none once it passes). */
  const checkAgain = () =>
    run('checking', async () => {
      if (!imp) return;
      const edited = rows.filter((r) => r.edited);
      if (!edited.length) return;
      const answer = await api.put<CsvFixResult>(CSV_API.fixRows(imp.id), {
        rows: edited.map((r) => ({ rowNumber: r.rowNumber, values: r.values as CsvValues })),
      });
      const checked = new Map(answer.data.rows.map((r) => [r.rowNumber, r]));
      setRows((current) => current.map((r) => (checked.has(r.rowNumber) ? { ...checked.get(r.rowNumber)!, edited: false } : r)));
      setImp(answer.data.import);
    });

  const showPage = (pageNumber: number) =>
    run('checking', async () => {
      if (imp) await loadErrors(imp.id, pageNumber);
    });

  const startImport = () =>
    run('starting', async () => {
      if (!imp) return;
      setImp((await api.post<CsvImport>(CSV_API.run(imp.id))).data);
    });

  const importing = imp?.status === 'importing';
  const importId = imp?.id;
  useEffect(() => {
    if (!importing || !importId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const answer = await api.get<CsvImport>(CSV_API.one(importId));
        if (stopped) return;
        setImp(answer.data);
        if (answer.data.status === 'importing') timer = setTimeout(poll, PROGRESS_POLL_MS);
      } catch (error) {
        if (!stopped) setFailure(error);
      }
    };
    timer = setTimeout(poll, PROGRESS_POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [importing, importId]);

  const reset = () => {
    setImp(null);
    setRows([]);
    setErrorTotal(0);
    setFailure(null);
  };

  return { imp, rows, errorTotal, page, busy, failure, upload, edit, checkAgain, showPage, startImport, reset };
}
