/** The frame of a standard report screen: its title, its export (with the screen's current query), the filters, then the figures. */
import type { ReactNode } from 'react';
import type { StandardReportId } from '@meridian/shared/contract/report-run';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { ReportExportButtons } from '@meridian/shared/ui/report-export-buttons';

/** A report's query as text under the API's names, without the empty ones: what the table asks and the export sends. */
export const queryOf = (query: Record<string, string>) => Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''));

export function StandardReportFrame({
  title,
  reportId,
  query,
  subtitle,
  filters,
  children,
}: {
  title: string;
  /** What the export runs: the report's id (STANDARD_REPORT_IDS), with the screen's query as its parameters. */
  reportId: StandardReportId;
  query: Record<string, string>;
  subtitle?: ReactNode;
  filters: ReactNode;
  children: ReactNode;
}) {
  return (
    <PageFrame title={title} subtitle={subtitle} actions={<ReportExportButtons reportId={reportId} parameters={queryOf(query)} />}>
      {filters}
      {children}
    </PageFrame>
  );
}
