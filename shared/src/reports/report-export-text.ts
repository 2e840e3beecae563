/** The words of the export buttons (report-export-buttons.tsx), kept apart so tests outside React read the same. */
import type { ExportFormat } from '../contract/report-run';

/** "12,345 rows written": the run's progress as people read it. */
export const rowsWrittenText = (rows: number) => `${rows.toLocaleString('en')} ${rows === 1 ? 'row' : 'rows'} written`;

export const exportLabel = (format: ExportFormat) => `Export ${format}`;
