/**
 * /admin/template/list: the templates of the acting tenant's subtree (GET /api/templates/userId/:userId
 * with the signed-in user's id), paged, sorted and searched on the server: name, type, document and
 * when each was last changed. A document downloads under its own name; deleting asks first.
 */
import { App, Button, Flex, Tag, Typography } from 'antd';
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { TEMPLATE_TYPE_NAMES, type TemplateListItem } from '@meridian/shared/contract/template';
import { api } from '@meridian/shared/http/api';
import { errorText } from '@meridian/shared/http/api-errors';
import { fileSizeText, MESSAGES } from '@meridian/shared/messages';
import { useSession } from '@meridian/shared/session/session-store';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { PagedTable, type PagedColumn } from '@meridian/shared/ui/paged-table';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { EditRemoveActions } from '@meridian/shared/ui/edit-remove-actions';
import { useConfirmedAction } from '@meridian/shared/ui/use-confirmed-action';
import { downloadTemplateDocument } from './template-document';
import { ADD_TEMPLATE_PATH, editTemplatePath } from './template-paths';
import { deleteTemplateQuestion, downloadDocumentLabel, TEMPLATE_TEXT } from './template-text';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';

const TYPE_COLOURS: Record<number, string> = { 1: 'blue', 2: 'geekblue', 3: 'default', 4: 'green' };

export default function TemplatesListPage() {
  const format = useTenantFormat();
  const { message } = App.useApp();
  const { confirmAction, reloadToken } = useConfirmedAction();
  const userId = useSession((state) => state.user?.Id ?? null);

  const download = (template: TemplateListItem) =>
    downloadTemplateDocument(template).catch((error: unknown) => void message.error(errorText(error)));

  const confirmDelete = (template: TemplateListItem) =>
    confirmAction({
      question: deleteTemplateQuestion(template.name),
      detail: TEMPLATE_TEXT.templateDeleteDetail,
      okText: MESSAGES.deleteAction,
      call: () => api.delete(`/api/templates/${encodeURIComponent(template.Id)}`),
      done: TEMPLATE_TEXT.templateDeleted,
    });

  const columns: PagedColumn<TemplateListItem>[] = [
    {
      title: MESSAGES.name,
      dataIndex: 'name',
      sortField: 'name',
      render: (_: unknown, t: TemplateListItem) => (
        <Flex vertical>
          <Link to={editTemplatePath(t.Id)}>{t.name}</Link>
          {t.subject && <Typography.Text type="secondary">{t.subject}</Typography.Text>}
        </Flex>
      ),
    },
    {
      title: TEMPLATE_TEXT.templateType,
      dataIndex: 'type',
      sortField: 'type',
      render: (type: TemplateListItem['type']) => <Tag color={TYPE_COLOURS[type]}>{TEMPLATE_TYPE_NAMES[type] ?? type}</Tag>,
    },
    {
      title: TEMPLATE_TEXT.templateDocument,
      key: 'document',
      render: (_: unknown, t: TemplateListItem) =>
        t.documentName ? (
          <Button
            type="link"
            size="small"
            icon={<DownloadOutlined />}
            onClick={() => void download(t)}
            aria-label={downloadDocumentLabel(t.documentName)}
          >
            {t.documentName}
            {t.documentSize !== null && <Typography.Text type="secondary"> ({fileSizeText(t.documentSize)})</Typography.Text>}
          </Button>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    { title: MESSAGES.tenant, dataIndex: 'tenantName' },
    { title: MESSAGES.updatedOn, dataIndex: 'dateUpdated', sortField: 'dateUpdated', render: (date: string) => format.moment(date) },
    {
      title: MESSAGES.rowActions,
      key: 'actions',
      render: (_: unknown, t: TemplateListItem) => (
        <EditRemoveActions editTo={editTemplatePath(t.Id)} name={t.name} onRemove={() => confirmDelete(t)} />
      ),
    },
  ];

  if (!userId) return null;
  return (
    <PageFrame title={TEMPLATE_TEXT.templates}>
      <PagedTable<TemplateListItem>
        url={`/api/templates/userId/${encodeURIComponent(userId)}`}
        columns={columns}
        rowKey={(t) => t.Id}
        label={TEMPLATE_TEXT.templates}
        emptyText={TEMPLATE_TEXT.noTemplates}
        searchPlaceholder={TEMPLATE_TEXT.searchTemplates}
        defaultSort={{ field: 'name', order: 'ASC' }}
        reloadToken={reloadToken}
        toolbar={
          <LinkButton type="primary" icon={<PlusOutlined />} to={ADD_TEMPLATE_PATH}>
            {TEMPLATE_TEXT.newTemplate}
          </LinkButton>
        }
      />
    </PageFrame>
  );
}
