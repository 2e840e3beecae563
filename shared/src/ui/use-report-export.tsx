/**
 * Running a report to a file over the realtime socket (spec 7.7; issue 22 item 4), for the report screens'
 * export buttons: asks the server (`runReportV2`, or `generateCSVReport` for CSV, whose completion the shell
 * toasts as a CSV report), remembers the run while it writes, follows its progress (rows written), and
 * resets when its completion arrives, success or failure. The toast and the opening of the file are the
 * shell's (report-toasts.tsx); a refusal (offline, bad parameters, no permission, too many runs) is kept
 * here for the buttons to show.
 */
import { useCallback, useRef, useState } from 'react';
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

/** Completions kept for runs whose acknowledgement has not been read yet: a short report can end before it is. */
const EARLY_COMPLETIONS_KEPT = 20;

export function useReportExport({ reportId, parameters }: ReportExportRequest): ReportExportState {
  const [run, setRun] = useState<Run | null>(null);
  const [rowsDone, setRowsDone] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // The run as the socket's handlers must see it at once, not at the next render.
  const current = useRef<Run | null>(null);
  const endedEarly = useRef<string[]>([]);

  const follow = useCallback((next: Run | null) => {
    current.current = next;
    setRun(next);
    if (next === null) setRowsDone(null);
  }, []);

  const start = useCallback(
    async (format: ExportFormat) => {
      setRefusal(null);
      setRowsDone(null);
      follow({ runId: null, format });
      const answer =
        format === 'CSV'
          ? await request('generateCSVReport', { reportId, parameters })
          : await request('runReportV2', { reportId, parameters, exportFormat: format });
      if (!answer.success) {
        follow(null);
        setRefusal(answer.message);
      } else if (endedEarly.current.includes(answer.runId)) follow(null);
      else if (current.current?.runId === null) follow({ ...current.current, runId: answer.runId });
    },
    [reportId, parameters, follow],
  );

  const ended = (complete: ReportComplete) => {
    if (!complete.runId) return;
    if (complete.runId === current.current?.runId) follow(null);
    else if (current.current?.runId === null) endedEarly.current = [complete.runId, ...endedEarly.current].slice(0, EARLY_COMPLETIONS_KEPT);
  };
  useRealtime('reportComplete', ended);
  useRealtime('csvReportComplete', ended);
  useRealtime('reportProgress', (progress) => {
    if (progress.runId === current.current?.runId) setRowsDone(progress.rowsDone);
  });

  return { running: run?.format ?? null, rowsDone, refusal, start };
}
