/**
 * Report categories (/reports/categories) of the acting tenant's subtree: paged, sorted and searched on the
 * server, in tree order by default (each category's path of names), with who may see each one. A category
 * opens for editing; an empty one is deleted after a confirmation.
 */
import { Flex, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { ReportCategory } from '@meridian/shared/contract/report-category';
import { api } from '@meridian/shared/http/api';
import { MESSAGES } from '@meridian/shared/messages';
import { EditRemoveActions } from '@meridian/shared/ui/edit-remove-actions';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { PagedTable, type PagedColumn } from '@meridian/shared/ui/paged-table';
import { useConfirmedAction } from '@meridian/shared/ui/use-confirmed-action';
import { CATEGORY_API, editCategoryPath, NEW_CATEGORY_PATH } from './category-paths';
import { CATEGORY_TEXT, deleteCategoryQuestion } from './category-text';

const DEFAULT_SORT = { field: 'path', order: 'ASC' as const };

/** The roles or tenants a category is limited to, or that it is open to everyone. */
function Audience({ names }: { names: string[] }) {
  if (names.length === 0) return <Tag>{CATEGORY_TEXT.everyone}</Tag>;
  return (
    <Flex gap={4} wrap>
      {names.map((name) => (
        <Tag key={name}>{name}</Tag>
      ))}
    </Flex>
  );
}

export default function CategoriesPage() {
  const { confirmAction, reloadToken } = useConfirmedAction();

  const deleteCategory = (category: ReportCategory) =>
    confirmAction({
      question: deleteCategoryQuestion(category.name),
      detail: CATEGORY_TEXT.deleteDetail,
      okText: MESSAGES.deleteAction,
      done: CATEGORY_TEXT.deleted,
      call: () => api.post(CATEGORY_API.remove, { id: category.id }),
    });

  const columns: PagedColumn<ReportCategory>[] = [
    {
      title: CATEGORY_TEXT.path,
      dataIndex: 'path',
      sortField: 'path',
      render: (path: string, category) => <Link to={editCategoryPath(category.id)}>{path}</Link>,
    },
    { title: CATEGORY_TEXT.roles, key: 'roles', render: (_, c) => <Audience names={c.roles.map((r) => r.name)} /> },
    { title: CATEGORY_TEXT.tenants, key: 'tenants', optional: true, render: (_, c) => <Audience names={c.tenants.map((t) => t.name)} /> },
    { title: CATEGORY_TEXT.reports, dataIndex: 'reports', align: 'right' },
    { title: CATEGORY_TEXT.tenant, dataIndex: 'tenantName', optional: true },
    {
      title: CATEGORY_TEXT.actions,
      key: 'actions',
      actions: true,
      render: (_, category) => (
        <EditRemoveActions editTo={editCategoryPath(category.id)} name={category.name} onRemove={() => deleteCategory(category)} />
      ),
    },
  ];

  return (
    <PageFrame
      actions={
        <LinkButton to={NEW_CATEGORY_PATH} type="primary" icon={<PlusOutlined />}>
          {CATEGORY_TEXT.newCategory}
        </LinkButton>
      }
    >
      <PagedTable<ReportCategory>
        url={CATEGORY_API.list}
        columns={columns}
        rowKey={(category) => category.id}
        label={CATEGORY_TEXT.categories}
        emptyText={CATEGORY_TEXT.noCategories}
        searchPlaceholder={CATEGORY_TEXT.searchCategories}
        defaultSort={DEFAULT_SORT}
        reloadToken={reloadToken}
      />
    </PageFrame>
  );
}
