/**
 * The filters every standard report shares, kept in the address under the API's own names (`fromDate`,
 * `toDate`, `tenantId`), so a link or a refresh opens the same report and the export sends the same query:
 * the window of days (by default the spec's: one day ago to 7 days ahead, 30 for the agent report, counted
 * in the acting tenant's zone) and one tenant of the user's subtree, or all of it.
 */
import { tenantPathLabels } from '@meridian/shared/tenant-path-labels';
import { useId, useRef, type ReactNode } from 'react';
import { Alert, Flex, Form, Input, Select } from 'antd';
import { useSearchParams } from 'react-router';
import { STANDARD_REPORT_WINDOWS } from '@meridian/shared/contract/standard-report';
import type { TenantTree } from '@meridian/shared/contract/tenant';
import { calendarDayIn } from '@meridian/shared/format';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { addDays } from '@meridian/shared/lending/schedule-dates';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { REPORT_TEXT } from './standard-report-text';

export type ReportFilterName = 'fromDate' | 'toDate' | 'tenantId' | 'asOf' | 'groupBy' | 'period';

/** Today in the acting tenant's zone. */
export function useTenantToday() {
  const format = useTenantFormat();
  return calendarDayIn(new Date().toISOString(), format.format);
}

/** The report's window and tenant from the address, the defaults where it has none, and how to change one. */
export function useReportFilters(daysAhead: number = STANDARD_REPORT_WINDOWS.daysAhead) {
  const [params, setParams] = useSearchParams();
  const today = useTenantToday();
  const given = (name: ReportFilterName) => params.get(name) ?? '';
  const filters = {
    fromDate: given('fromDate') || addDays(today, -STANDARD_REPORT_WINDOWS.daysBack),
    toDate: given('toDate') || addDays(today, daysAhead),
    tenantId: given('tenantId'),
  };
  // The address as last set: two changes before the next render (a tenant, then a day) build on each other,
  // where the router's own `current` would still be the render's and the second would undo the first.
  const latest = useRef(params);
  latest.current = params;
  const set = (name: ReportFilterName, value: string) => {
    const next = new URLSearchParams(latest.current);
    if (value) next.set(name, value);
    else next.delete(name);
    // A new filter starts the table again from its first page.
    next.delete('page');
    latest.current = next;
    setParams(next, { replace: true });
  };
  return { filters, today, given, set };
}
export type ReportFilters = ReturnType<typeof useReportFilters>;

/** A day typed or picked with the browser's own date input. */
export function DayFilter({ label, value, onChange, max }: { label: string; value: string; onChange(day: string): void; max?: string }) {
  const id = useId();
  return (
    <Form.Item label={label} htmlFor={id} style={{ marginBottom: 0 }}>
      <Input
        id={id}
        type="date"
        value={value}
        max={max}
        onChange={(event) => event.target.value && onChange(event.target.value)}
        style={{ width: 170 }}
      />
    </Form.Item>
  );
}

/** The tenant of the subtree the report covers: all of them (none chosen) or one. */
function TenantFilter({ value, onChange }: { value: string; onChange(tenantId: string): void }) {
  const id = useId();
  const tenants = useLoad((signal) => api.get<TenantTree>('/api/tenants/descendantsByTenantId', { signal }), []);
  const options = tenants.status === 'loaded' ? tenantPathLabels(tenants.data.data.tenants) : [];
  return (
    <Form.Item label={REPORT_TEXT.tenant} htmlFor={id} style={{ marginBottom: 0 }}>
      <Flex vertical gap={4}>
        <Select
          id={id}
          aria-label={REPORT_TEXT.tenant}
          value={value}
          loading={tenants.status === 'loading'}
          options={[{ value: '', label: REPORT_TEXT.allTenants }, ...options]}
          onChange={(next: string) => onChange(next)}
          showSearch={{ optionFilterProp: 'label' }}
          style={{ minWidth: 220, maxWidth: '100%' }}
        />
        {tenants.status === 'failed' && <Alert type="warning" showIcon title={REPORT_TEXT.tenantsFailed} />}
      </Flex>
    </Form.Item>
  );
}

/** The window and tenant filters, and a report's own (`children`: group by, period). */
export function ReportFilterBar({ report, window = true, children }: { report: ReportFilters; window?: boolean; children?: ReactNode }) {
  const { filters, set } = report;
  return (
    <Form layout="inline" component="div" style={{ rowGap: 12, marginBottom: 16 }}>
      {window && (
        <>
          <DayFilter label={REPORT_TEXT.fromDate} value={filters.fromDate} onChange={(day) => set('fromDate', day)} />
          <DayFilter label={REPORT_TEXT.toDate} value={filters.toDate} onChange={(day) => set('toDate', day)} />
        </>
      )}
      <TenantFilter value={filters.tenantId} onChange={(tenantId) => set('tenantId', tenantId)} />
      {children}
    </Form>
  );
}

/** A report's own choice among a few values (group by, period), in the address under the API's name. */
export function ChoiceFilter<V extends string>({
  label,
  value,
  choices,
  onChange,
}: {
  label: string;
  value: V;
  choices: Record<V, string>;
  onChange(next: V): void;
}) {
  const id = useId();
  return (
    <Form.Item label={label} htmlFor={id} style={{ marginBottom: 0 }}>
      <Select
        id={id}
        aria-label={label}
        value={value}
        options={(Object.keys(choices) as V[]).map((key) => ({ value: key, label: choices[key] }))}
        onChange={(next: V) => onChange(next)}
        style={{ minWidth: 140 }}
      />
    </Form.Item>
  );
}
