/**
 * Running a report to a file over the realtime socket (spec 7.7; issue 22 item 4), for the report screens'
 * export buttons: asks the server (`runReportV2`, or `generateCSVReport` for CSV, whose completion the shell
 * toasts as a CSV report), remembers the run while it writes, follows its progress (rows written), and
 * resets when its completion arrives, success or failure. The toast and the opening of the file are the
 * shell's (report-toasts.tsx); a refusal (offline, bad parameters, no permission, too many runs) is kept
 * here for the buttons to show.
 */
import { useCallback, useState } from 'react';
import type { ReportComplete } from '../contract/realtime';
import type { ExportFormat } from '../contract/report-run';
import { request } from '@meridian/shared/realtime/realtime-connection';
import { useRealtime } from '@meridian/shared/realtime/use-realtime';

export interface ReportExportRequest {
  /** A standard report's name (STANDARD_REPORT_IDS) or a custom report's id. */
  reportId: string;
  /** The report's own query fields as text, as its screen sends them to its API query. */
  parameters: Readonly<Record<string, string>>;
}

export interface ReportExportState {
  /** The format of the run under way, if any. */
  running: ExportFormat | null;
  /** Rows written so far by that run (null before the first progress). */
  rowsDone: number | null;
  /** Why the last request was refused. */
  refusal: string | null;
  start(format: ExportFormat): Promise<void>;
}

interface Run {
  runId: string | null;
  format: ExportFormat;
}

export function useReportExport({ reportId, parameters }: ReportExportRequest): ReportExportState {
  const [run, setRun] = useState<Run | null>(null);
  const [rowsDone, setRowsDone] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const start = useCallback(
    async (format: ExportFormat) => {
      setRefusal(null);
      setRowsDone(null);
      setRun({ runId: null, format });
      const answer =
        format === 'CSV'
          ? await request('generateCSVReport', { reportId, parameters })
          : await request('runReportV2', { reportId, parameters, exportFormat: format });
      if (answer.success) setRun((current) => (current && current.runId === null ? { ...current, runId: answer.runId } : current));
      else {
        setRun(null);
        setRefusal(answer.message);
      }
    },
    [reportId, parameters],
  );

  const ended = (complete: ReportComplete) => {
    if (complete.runId && complete.runId === run?.runId) {
      setRun(null);
      setRowsDone(null);
    }
  };
  useRealtime('reportComplete', ended);
  useRealtime('csvReportComplete', ended);
  useRealtime('reportProgress', (progress) => {
    if (progress.runId === run?.runId) setRowsDone(progress.rowsDone);
  });

  return { running: run?.format ?? null, rowsDone, refusal, start };
}
