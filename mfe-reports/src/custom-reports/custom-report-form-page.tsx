/**
 * A new custom report (/reports/create) or an existing one (/reports/:id/edit): the catalogue the caller may
 * build from, the categories they see (to file it in), and the report, loaded before the builder shows.
 */
import { useParams } from 'react-router';
import type { CustomReport } from '@meridian/shared/contract/custom-report';
import type { ReportCategory } from '@meridian/shared/contract/report-category';
import type { CatalogueDatasetAnswer } from '@meridian/shared/contract/report-catalogue';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { useSession } from '@meridian/shared/session/session-store';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { LoadPanel } from '@meridian/shared/ui/load-panel';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { CATEGORY_API } from '../report-categories/category-paths';
import { REPORT_API, REPORTS_PATH } from './custom-report-paths';
import { REPORT_TEXT } from './custom-report-text';
import { ReportBuilderForm } from './report-builder-form';

interface BuilderData {
  report: CustomReport | null;
  catalogue: CatalogueDatasetAnswer[];
  categories: ReportCategory[];
}

export default function CustomReportFormPage() {
  const { id } = useParams();
  const me = useSession((state) => state.user?.Id ?? null);
  const loaded = useLoad(
    async (signal): Promise<BuilderData> => {
      const [report, catalogue, categories] = await Promise.all([
        id ? api.get<CustomReport>(REPORT_API.one(id), { signal }).then((r) => r.data) : Promise.resolve(null),
        api.get<CatalogueDatasetAnswer[]>(REPORT_API.catalogue, { signal }).then((r) => r.data),
        me ? api.get<ReportCategory[]>(CATEGORY_API.byUser(me), { signal }).then((r) => r.data) : Promise.resolve([]),
      ]);
      return { report, catalogue, categories };
    },
    [id, me],
  );
  return (
    <PageFrame
      subtitle={loaded.status === 'loaded' && loaded.data.report ? loaded.data.report.name : undefined}
      actions={<LinkButton to={REPORTS_PATH}>{REPORT_TEXT.backToReports}</LinkButton>}
    >
      <LoadPanel state={loaded}>
        {(data) => (
          <ReportBuilderForm key={data.report?.id ?? 'new'} report={data.report} catalogue={data.catalogue} categories={data.categories} />
        )}
      </LoadPanel>
    </PageFrame>
  );
}
