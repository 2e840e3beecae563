/**
 * The builder's preview: the first rows of the definition as it stands, asked of the server (never built in
 * the browser) once the user pauses typing and only while the definition passes the contract's checks. A
 * newer definition cancels the answer still on its way for an older one.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Empty, Spin, Table, Typography } from 'antd';
import type { ReportPreview } from '@meridian/shared/contract/custom-report';
import {
  reportDefinitionSchema,
  type CatalogueDatasetAnswer,
  type ReportDefinitionInput,
} from '@meridian/shared/contract/report-catalogue';
import { api } from '@meridian/shared/http/api';
import { errorText } from '@meridian/shared/http/api-errors';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { REPORT_API } from './custom-report-paths';
import { REPORT_TEXT } from './custom-report-text';
import { cellText, currencyIndex } from './report-cells';

/** How long the user pauses before the preview is asked for. */
export const PREVIEW_DELAY_MS = 400;

type PreviewState =
  { status: 'waiting' } | { status: 'loading' } | { status: 'loaded'; preview: ReportPreview } | { status: 'failed'; text: string };

function usePreview(definition: ReportDefinitionInput) {
  const [state, setState] = useState<PreviewState>({ status: 'waiting' });
  const key = JSON.stringify(definition);
  useEffect(() => {
    const checked = reportDefinitionSchema.safeParse(JSON.parse(key));
    if (!checked.success) {
      setState({ status: 'waiting' });
      return undefined;
    }
    const abort = new AbortController();
    const timer = setTimeout(() => {
      setState({ status: 'loading' });
      api
        .post<ReportPreview>(REPORT_API.preview, { definition: checked.data }, { signal: abort.signal })
        .then((answer) => setState({ status: 'loaded', preview: answer.data }))
        .catch((error: unknown) => {
          if (!abort.signal.aborted) setState({ status: 'failed', text: errorText(error) });
        });
    }, PREVIEW_DELAY_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [key]);
  return state;
}

export function ReportPreviewPanel({
  definition,
  dataset,
}: {
  definition: ReportDefinitionInput;
  dataset: CatalogueDatasetAnswer | undefined;
}) {
  const state = usePreview(definition);
  const format = useTenantFormat();
  const table = useMemo(() => {
    if (state.status !== 'loaded') return null;
    const { columns, rows } = state.preview;
    const money = currencyIndex(columns, dataset?.currencyColumn);
    return {
      columns: columns.map((column, i) => ({
        key: column.key,
        title: column.label,
        align: column.kind === 'money' || column.kind === 'number' ? ('right' as const) : undefined,
        render: (_: unknown, row: { cells: ReportPreview['rows'][number] }) =>
          cellText(
            row.cells[i] ?? null,
            column,
            money >= 0 ? ((row.cells[money] as string | null) ?? null) : null,
            format,
            REPORT_TEXT.none,
          ),
      })),
      rows: rows.map((cells, i) => ({ key: String(i), cells })),
    };
  }, [state, dataset, format]);

  return (
    <section aria-label={REPORT_TEXT.preview}>
      <Typography.Title level={5}>{REPORT_TEXT.preview}</Typography.Title>
      <Typography.Paragraph type="secondary">{REPORT_TEXT.previewHint}</Typography.Paragraph>
      {state.status === 'waiting' && <Empty description={REPORT_TEXT.previewWaiting} />}
      {state.status === 'loading' && (
        <div role="status" aria-label={REPORT_TEXT.preview}>
          <Spin />
        </div>
      )}
      {state.status === 'failed' && <Alert type="error" showIcon message={REPORT_TEXT.previewFailed} description={state.text} />}
      {table && (
        <Table
          aria-label={REPORT_TEXT.preview}
          size="small"
          pagination={false}
          scroll={{ x: 'max-content' }}
          columns={table.columns}
          dataSource={table.rows}
          locale={{ emptyText: REPORT_TEXT.previewEmpty }}
        />
      )}
    </section>
  );
}
