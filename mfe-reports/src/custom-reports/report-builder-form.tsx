/**
 * The report builder: a name and category, then a dataset of the catalogue and, over its columns, the
 * columns shown (each as it is or summarised), filters, grouping and sort, with a preview of the first rows
 * as the user edits. Only catalogue names and typed values are sent; the server makes the SQL. Checked as
 * the user types against the contract (the same checks the API makes); a refusal lands on the field it names.
 */
import { useId, useState } from 'react';
import { App, Button, Card, Col, Flex, Form, Row, Select } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useFieldArray, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { CustomReport } from '@meridian/shared/contract/custom-report';
import type { ReportCategory } from '@meridian/shared/contract/report-category';
import {
  AGGREGATE_LABELS,
  AGGREGATES_BY_KIND,
  OPERATOR_LABELS,
  OPERATORS_BY_KIND,
  outputKey,
  type Aggregate,
  type CatalogueDatasetAnswer,
  type FilterOperator,
} from '@meridian/shared/contract/report-catalogue';
import { api } from '@meridian/shared/http/api';
import { applyFieldErrors } from '@meridian/shared/http/api-errors';
import { MESSAGES } from '@meridian/shared/messages';
import { FormAlert, FormFrame, SubmitButton, TextAreaField, TextField } from '@meridian/shared/ui/form-fields';
import { BuilderSelect, FilterValueInput } from './builder-fields';
import {
  emptyDefinition,
  reportFormFields,
  reportFormSchema,
  reportFormValues,
  type ReportFormInput,
  type ReportFormValues,
} from './custom-report-form-schema';
import { REPORT_API, REPORTS_PATH } from './custom-report-paths';
import { REPORT_TEXT } from './custom-report-text';
import { ReportPreviewPanel } from './report-preview';

function RemoveButton({ label, onClick }: { label: string; onClick(): void }) {
  return <Button type="text" danger icon={<DeleteOutlined />} aria-label={label} title={label} onClick={onClick} />;
}

export function ReportBuilderForm({
  report,
  catalogue,
  categories,
}: {
  report: CustomReport | null;
  catalogue: CatalogueDatasetAnswer[];
  categories: ReportCategory[];
}) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError, setValue, getValues, formState } = useForm<ReportFormInput, unknown, ReportFormValues>({
    resolver: zodResolver(reportFormSchema),
    mode: 'onChange',
    defaultValues: reportFormValues(report),
  });
  const columnsArray = useFieldArray({ control, name: 'definition.columns' });
  const filtersArray = useFieldArray({ control, name: 'definition.filters' });
  const sortArray = useFieldArray({ control, name: 'definition.sort' });
  const definition = { ...emptyDefinition(), ...useWatch({ control, name: 'definition' }) };
  const dataset = catalogue.find((d) => d.key === definition.dataset);
  const columnOf = (key: string) => dataset?.columns.find((c) => c.key === key);
  const columnChoices = (dataset?.columns ?? []).map((c) => ({ value: c.key, label: c.label }));
  const shownColumns = definition.columns.filter((c) => c.column);
  const sortChoices = shownColumns.map((c) => {
    const label = columnOf(c.column)?.label ?? c.column;
    return { value: outputKey(c), label: c.aggregate ? `${AGGREGATE_LABELS[c.aggregate]} ${label.toLowerCase()}` : label };
  });

  const chooseDataset = (key: unknown) => {
    // Another dataset's columns mean nothing here: the definition starts again.
    setValue('definition', emptyDefinition(typeof key === 'string' ? key : ''), { shouldValidate: false });
  };

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      if (report) await api.put<CustomReport>(REPORT_API.one(report.id), values);
      else await api.post<CustomReport>(REPORT_API.list, values);
      void message.success(report ? REPORT_TEXT.saved : REPORT_TEXT.created);
      void navigate(REPORTS_PATH);
    } catch (error) {
      setFailure(applyFieldErrors(error, reportFormFields(getValues()) as FieldPath<ReportFormInput>[], setError));
    }
  });

  return (
    <FormFrame onSubmit={submit}>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <TextField control={control} name="name" label={REPORT_TEXT.name} autoComplete="off" autoFocus={!report} />
        </Col>
        <Col xs={24} md={12}>
          <BuilderSelect
            control={control}
            name="categoryId"
            label={REPORT_TEXT.category}
            options={categories.map((c) => ({ value: c.id, label: c.path }))}
            placeholder={REPORT_TEXT.noCategory}
            clearable
          />
        </Col>
        <Col span={24}>
          <TextAreaField control={control} name="description" label={REPORT_TEXT.description} rows={2} />
        </Col>
        <Col xs={24} md={12}>
          <BuilderSelect
            control={control}
            name="definition.dataset"
            label={REPORT_TEXT.dataset}
            options={catalogue.map((d) => ({ value: d.key, label: d.label }))}
            placeholder={REPORT_TEXT.chooseDataset}
            onPicked={chooseDataset}
          />
        </Col>
      </Row>

      {dataset && (
        <>
          <Card size="small" title={REPORT_TEXT.columns} style={{ marginBottom: 16 }}>
            {columnsArray.fields.map((field, i) => {
              const kind = columnOf(definition.columns[i]?.column ?? '')?.kind ?? 'text';
              return (
                <Row gutter={8} key={field.id} align="bottom" wrap={false}>
                  <Col flex="auto">
                    <BuilderSelect
                      control={control}
                      name={`definition.columns.${i}.column`}
                      label={`${REPORT_TEXT.column} ${i + 1}`}
                      options={columnChoices}
                    />
                  </Col>
                  <Col flex="auto">
                    <BuilderSelect<string>
                      control={control}
                      name={`definition.columns.${i}.aggregate`}
                      label={`${REPORT_TEXT.summary} ${i + 1}`}
                      options={AGGREGATES_BY_KIND[kind].map((a) => ({ value: a, label: AGGREGATE_LABELS[a] }))}
                      placeholder={REPORT_TEXT.asIs}
                      clearable
                    />
                  </Col>
                  <Col flex="none" style={{ paddingBottom: 24 }}>
                    <RemoveButton
                      label={`${REPORT_TEXT.remove} ${REPORT_TEXT.column.toLowerCase()} ${i + 1}`}
                      onClick={() => columnsArray.remove(i)}
                    />
                  </Col>
                </Row>
              );
            })}
            <Button icon={<PlusOutlined />} onClick={() => columnsArray.append({ column: '' })}>
              {REPORT_TEXT.addColumn}
            </Button>
          </Card>

          <Card size="small" title={REPORT_TEXT.filters} style={{ marginBottom: 16 }}>
            {filtersArray.fields.map((field, i) => {
              const filter = definition.filters[i];
              const column = columnOf(filter?.column ?? '');
              const operators = column ? OPERATORS_BY_KIND[column.kind] : [];
              return (
                <Row gutter={8} key={field.id} align="bottom">
                  <Col xs={24} md={7}>
                    <BuilderSelect
                      control={control}
                      name={`definition.filters.${i}.column`}
                      label={`Filter ${i + 1} ${REPORT_TEXT.column.toLowerCase()}`}
                      options={columnChoices}
                      onPicked={() => setValue(`definition.filters.${i}.value`, null)}
                    />
                  </Col>
                  <Col xs={24} md={6}>
                    <BuilderSelect<FilterOperator>
                      control={control}
                      name={`definition.filters.${i}.operator`}
                      label={`Filter ${i + 1} ${REPORT_TEXT.operator.toLowerCase()}`}
                      options={operators.map((o) => ({ value: o, label: OPERATOR_LABELS[o] }))}
                      onPicked={() => setValue(`definition.filters.${i}.value`, null)}
                    />
                  </Col>
                  <Col xs={20} md={9}>
                    {column && filter?.operator && (
                      <FilterValueInput
                        key={`${filter.column}:${filter.operator}`}
                        control={control}
                        index={i}
                        kind={column.kind}
                        operator={filter.operator}
                        choices={column.choices}
                      />
                    )}
                  </Col>
                  <Col xs={4} md={2} style={{ paddingBottom: 24 }}>
                    <RemoveButton label={`${REPORT_TEXT.remove} filter ${i + 1}`} onClick={() => filtersArray.remove(i)} />
                  </Col>
                </Row>
              );
            })}
            <Button icon={<PlusOutlined />} onClick={() => filtersArray.append({ column: '', operator: 'eq', value: null })}>
              {REPORT_TEXT.addFilter}
            </Button>
          </Card>

          <Card size="small" title={REPORT_TEXT.groupBy} style={{ marginBottom: 16 }}>
            <BuilderSelect
              control={control}
              name="definition.groupBy"
              label={REPORT_TEXT.groupBy}
              options={shownColumns
                .filter((c) => !c.aggregate)
                .map((c) => ({ value: c.column, label: columnOf(c.column)?.label ?? c.column }))}
              multiple
            />
            <div className="ant-form-item-extra">{REPORT_TEXT.groupByHint}</div>
          </Card>

          <Card size="small" title={REPORT_TEXT.sort} style={{ marginBottom: 16 }}>
            {sortArray.fields.map((field, i) => {
              const current = definition.sort[i];
              return (
                <Row gutter={8} key={field.id} align="bottom" wrap={false}>
                  <Col flex="auto">
                    <SortColumnSelect
                      label={`Sort ${i + 1} ${REPORT_TEXT.column.toLowerCase()}`}
                      value={current ? outputKey(current) : undefined}
                      options={sortChoices}
                      onChange={(key) => {
                        const picked = shownColumns.find((c) => outputKey(c) === key);
                        setValue(`definition.sort.${i}.column`, picked?.column ?? '', { shouldValidate: true });
                        setValue(`definition.sort.${i}.aggregate`, picked?.aggregate as Aggregate | undefined, { shouldValidate: true });
                      }}
                      error={formState.errors.definition?.sort?.[i]?.column?.message}
                    />
                  </Col>
                  <Col flex="160px">
                    <BuilderSelect<'ASC' | 'DESC'>
                      control={control}
                      name={`definition.sort.${i}.direction`}
                      label={`Sort ${i + 1} direction`}
                      options={[
                        { value: 'ASC', label: REPORT_TEXT.ascending },
                        { value: 'DESC', label: REPORT_TEXT.descending },
                      ]}
                    />
                  </Col>
                  <Col flex="none" style={{ paddingBottom: 24 }}>
                    <RemoveButton label={`${REPORT_TEXT.remove} sort ${i + 1}`} onClick={() => sortArray.remove(i)} />
                  </Col>
                </Row>
              );
            })}
            <Button icon={<PlusOutlined />} onClick={() => sortArray.append({ column: '', direction: 'ASC' })}>
              {REPORT_TEXT.addSort}
            </Button>
          </Card>

          <Card size="small" style={{ marginBottom: 16 }}>
            <ReportPreviewPanel definition={definition} dataset={dataset} />
          </Card>
        </>
      )}

      <FormAlert text={failure} />
      <Flex gap={8}>
        <SubmitButton busy={formState.isSubmitting}>{report ? MESSAGES.save : REPORT_TEXT.createReport}</SubmitButton>
      </Flex>
    </FormFrame>
  );
}

/** A sort names a shown column with its summary: one choice per output column. */
function SortColumnSelect(props: {
  label: string;
  value: string | undefined;
  options: { value: string; label: string }[];
  onChange(key: string): void;
  error: string | undefined;
}) {
  const id = useId();
  return (
    <Form.Item label={props.label} htmlFor={id} validateStatus={props.error ? 'error' : undefined} help={props.error}>
      <Select
        id={id}
        options={props.options}
        value={props.value || undefined}
        onChange={props.onChange}
        status={props.error ? 'error' : undefined}
        aria-invalid={Boolean(props.error)}
      />
    </Form.Item>
  );
}
