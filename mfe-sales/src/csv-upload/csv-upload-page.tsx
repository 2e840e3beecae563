/**
 * /csv/upload/:model? (issue 21): choose what to import (the address carries it), download the template,
 * drop a file; the server reads and checks every row (the browser never parses the file), then the
 * preview shows the counts, the first rows and the rows with errors, each editable in place; "Check
 * again" sends the edits. "Import N rows" is open only once no row has an error; the import runs on the
 * server in one transaction, its progress shown until it ends with everything or nothing imported.
 */
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert, Button, Flex, Input, Progress, Segmented, Space, Statistic, Table, Tag, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { csvImports } from '@meridian/shared/contract/areas/sales';
import { pathTo } from '@meridian/shared/contract/areas/path-to';
import {
  CSV_COLUMNS,
  CSV_IMPORT_MODEL_LABELS,
  CSV_IMPORT_MODELS,
  csvTemplate,
  type CsvImport,
  type CsvImportModel,
  type CsvRow,
} from '@meridian/shared/contract/csv-import';
import { errorText } from '@meridian/shared/http/api-errors';
import { saveFile } from '@meridian/shared/http/save-file';
import { useSession } from '@meridian/shared/session/session-store';
import { canDo } from '@meridian/shared/session/use-can';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { CSV_TEXT } from './csv-upload-text';
import { ERROR_PAGE_SIZE, useCsvImport, type EditedRow } from './use-csv-import';

const isModel = (value: string | undefined): value is CsvImportModel => CSV_IMPORT_MODELS.includes(value as CsvImportModel);

function ImportCounts({ imp }: { imp: CsvImport }) {
  return (
    <Flex gap={32} wrap>
      <Statistic title={CSV_TEXT.totalRows} value={imp.totalRows} />
      <Statistic title={CSV_TEXT.errorRows} value={imp.errorRows} />
      <Statistic title={CSV_TEXT.readyRows} value={imp.totalRows - imp.errorRows} />
    </Flex>
  );
}

function FirstRows({ imp }: { imp: CsvImport }) {
  const columns = CSV_COLUMNS[imp.model];
  return (
    <>
      <Typography.Title level={5}>{CSV_TEXT.firstRows}</Typography.Title>
      <Flex gap={4} wrap style={{ marginBottom: 8 }}>
        {imp.headers.map((h) =>
          h.column ? (
            <Tag key={h.header}>{h.header}</Tag>
          ) : (
            <Tag key={h.header} color="default">
              {CSV_TEXT.ignoredColumn(h.header)}
            </Tag>
          ),
        )}
      </Flex>
      <Table<CsvRow>
        aria-label={CSV_TEXT.firstRows}
        size="small"
        rowKey="rowNumber"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={imp.previewRows}
        columns={[
          { title: CSV_TEXT.row, dataIndex: 'rowNumber', width: 64 },
          ...columns.map((c) => ({ title: c.name, key: c.name, render: (_: unknown, row: CsvRow) => row.values[c.name] ?? '' })),
        ]}
      />
    </>
  );
}

function ErrorRows({ state }: { state: ReturnType<typeof useCsvImport> }) {
  const { imp, rows, errorTotal, page, busy } = state;
  if (!imp) return null;
  const columns = CSV_COLUMNS[imp.model];
  const messagesOf = (row: EditedRow, column: string) => row.errors.filter((e) => e.column === column).map((e) => e.message);
  return (
    <>
      <Typography.Title level={5}>{CSV_TEXT.errorRowsTitle}</Typography.Title>
      <Table<EditedRow>
        aria-label={CSV_TEXT.errorRowsTitle}
        size="small"
        rowKey="rowNumber"
        scroll={{ x: 'max-content' }}
        dataSource={rows}
        pagination={{
          current: page,
          pageSize: ERROR_PAGE_SIZE,
          total: errorTotal,
          showSizeChanger: false,
          onChange: (next) => state.showPage(next),
        }}
        columns={[
          { title: CSV_TEXT.row, dataIndex: 'rowNumber', width: 64 },
          {
            title: CSV_TEXT.status,
            key: 'status',
            render: (_: unknown, row: EditedRow) => {
              const whole = row.errors.filter((e) => !columns.some((c) => c.name === e.column));
              if (row.errors.length === 0) return <Tag color="success">{CSV_TEXT.fixed}</Tag>;
              return whole.length ? <Typography.Text type="danger">{whole.map((e) => e.message).join(' ')}</Typography.Text> : null;
            },
          },
          ...columns.map((c) => ({
            title: c.name,
            key: c.name,
            render: (_: unknown, row: EditedRow) => {
              const messages = messagesOf(row, c.name);
              return (
                <Space orientation="vertical" size={2} style={{ minWidth: 140 }}>
                  <Input
                    size="small"
                    aria-label={CSV_TEXT.cellLabel(c.name, row.rowNumber)}
                    status={messages.length ? 'error' : undefined}
                    value={row.values[c.name] ?? ''}
                    onChange={(event) => state.edit(row.rowNumber, c.name, event.target.value)}
                  />
                  {messages.map((m) => (
                    <Typography.Text key={m} type="danger" style={{ fontSize: 12 }}>
                      {m}
                    </Typography.Text>
                  ))}
                </Space>
              );
            },
          })),
        ]}
      />
      <Button onClick={() => state.checkAgain()} loading={busy === 'checking'} disabled={!rows.some((r) => r.edited)}>
        {CSV_TEXT.checkAgain}
      </Button>
    </>
  );
}

function ImportOutcome({ imp, starting, onAnother }: { imp: CsvImport; starting: boolean; onAnother: () => void }) {
  // The import's call may answer only once the import has ended (on PGlite it waits for the one connection
  // the import holds): the bar shows from the click, not from the answer, so a user never waits without one.
  if (starting && imp.status === 'checked')
    return (
      <div>
        <Typography.Text>{CSV_TEXT.starting(imp.totalRows)}</Typography.Text>
        <Progress percent={0} status="active" aria-label={CSV_TEXT.starting(imp.totalRows)} />
      </div>
    );
  if (imp.status === 'importing') {
    const percent = imp.totalRows ? Math.floor((imp.doneRows * 100) / imp.totalRows) : 0;
    return (
      <div>
        <Typography.Text>{CSV_TEXT.importing(imp.doneRows, imp.totalRows)}</Typography.Text>
        <Progress percent={percent} status="active" aria-label={CSV_TEXT.importing(imp.doneRows, imp.totalRows)} />
      </div>
    );
  }
  if (imp.status === 'imported')
    return (
      <Alert
        type="success"
        showIcon
        title={CSV_TEXT.imported(imp.doneRows)}
        action={<Button onClick={onAnother}>{CSV_TEXT.another}</Button>}
      />
    );
  if (imp.status === 'failed') return <Alert type="error" showIcon title={CSV_TEXT.failedTitle} description={imp.failure} />;
  return null;
}

export default function CsvUploadPage() {
  const { model: addressed } = useParams();
  const navigate = useNavigate();
  const user = useSession((state) => state.user);
  const mayImport = CSV_IMPORT_MODELS.filter((m) => canDo({ user }, csvImports, m));
  const model = isModel(addressed) && mayImport.includes(addressed) ? addressed : mayImport[0];
  const state = useCsvImport();
  const { imp, busy, failure } = state;
  // An address naming a model the user may not import (or none) shows, and then names, one they may.
  useEffect(() => {
    if (model && addressed !== model) navigate(pathTo(csvImports.screens.upload, { model }), { replace: true });
  }, [addressed, model, navigate]);

  if (!model) return <PageFrame>{CSV_TEXT.mayNot}</PageFrame>;
  const choose = (next: CsvImportModel) => {
    state.reset();
    navigate(pathTo(csvImports.screens.upload, { model: next }));
  };
  const locked = imp?.status === 'importing' || imp?.status === 'imported';

  return (
    <PageFrame>
      <Flex vertical gap={16}>
        <Flex gap={16} align="center" wrap>
          <Typography.Text strong>{CSV_TEXT.model}</Typography.Text>
          <Segmented<CsvImportModel>
            aria-label={CSV_TEXT.model}
            value={model}
            disabled={busy !== null || locked}
            options={mayImport.map((m) => ({ value: m, label: CSV_IMPORT_MODEL_LABELS[m] }))}
            onChange={choose}
          />
          <Button
            icon={<DownloadOutlined />}
            onClick={() => saveFile(new Blob([csvTemplate(model)], { type: 'text/csv' }), `${model}-template.csv`)}
          >
            {CSV_TEXT.template}
          </Button>
        </Flex>
        <Typography.Text type="secondary">
          {CSV_TEXT.templateHint} {CSV_COLUMNS[model].map((c) => `${c.name}${c.required ? ' *' : ''}`).join(', ')}
        </Typography.Text>

        {!imp && (
          <Upload.Dragger
            accept=".csv,text/csv"
            multiple={false}
            showUploadList={false}
            disabled={busy !== null}
            beforeUpload={(file) => {
              void state.upload(model, file);
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{CSV_TEXT.drop}</p>
            <p className="ant-upload-hint">{CSV_TEXT.dropHint}</p>
          </Upload.Dragger>
        )}
        {busy === 'uploading' && (
          <div>
            <Typography.Text>{CSV_TEXT.uploading('the file')}</Typography.Text>
            <Progress percent={100} status="active" showInfo={false} />
          </div>
        )}
        {failure !== null && <Alert type="error" showIcon title={errorText(failure)} />}

        {imp && (
          <>
            <Typography.Text strong>{imp.fileName}</Typography.Text>
            <ImportCounts imp={imp} />
            <FirstRows imp={imp} />
            {imp.errorRows > 0 || state.rows.length > 0 ? <ErrorRows state={state} /> : <Alert type="success" title={CSV_TEXT.noErrors} />}
            <Flex gap={8} align="center" wrap>
              <Button
                type="primary"
                disabled={imp.errorRows > 0 || locked || busy !== null}
                loading={busy === 'starting'}
                onClick={() => state.startImport()}
              >
                {CSV_TEXT.importRows(imp.totalRows)}
              </Button>
              {imp.errorRows > 0 && <Typography.Text type="secondary">{CSV_TEXT.importBlocked}</Typography.Text>}
            </Flex>
            <ImportOutcome imp={imp} starting={busy === 'starting'} onAnother={state.reset} />
          </>
        )}
      </Flex>
    </PageFrame>
  );
}
