/**
 * The reports a run may name, keyed by report id: the standard reports by their names (STANDARD_REPORT_IDS),
 * registered by this module, and custom reports by their ids, answered by the custom reports' source once one
 * is plugged in (`useCustomReports`). A standard name with no source registered is answered like an unknown report.
 */
import { STANDARD_REPORT_IDS, type StandardReportId } from '@meridian/shared/contract/report-run';
import type { Queryable } from '../../db/database';
import type { RealtimeCaller } from '../../realtime/realtime-requests';
import type { CustomReportSource, RunnableReport } from './report-source';

export interface ReportRegistry {
  registerStandard(report: RunnableReport & { reportId: StandardReportId }): void;
  useCustomReports(source: CustomReportSource): void;
  /** The report `reportId` names, if the caller may reach it; null otherwise (unknown, not exportable yet, or outside their reach). */
  find(q: Queryable, caller: RealtimeCaller, reportId: string): Promise<RunnableReport | null>;
}

export const isStandardReportId = (reportId: string): reportId is StandardReportId =>
  (STANDARD_REPORT_IDS as readonly string[]).includes(reportId);

export function createReportRegistry(): ReportRegistry {
  const standard = new Map<string, RunnableReport>();
  let custom: CustomReportSource | null = null;
  return {
    registerStandard(report) {
      standard.set(report.reportId, report);
    },
    useCustomReports(source) {
      custom = source;
    },
    async find(q, caller, reportId) {
      if (isStandardReportId(reportId)) return standard.get(reportId) ?? null;
      return custom ? custom.find(q, caller, reportId) : null;
    },
  };
}
