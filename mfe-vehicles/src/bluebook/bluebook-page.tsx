/**
 * Bluebook (/vehicles/bluebook): a value per make, model and year, paged, sorted and searched on the
 * server; each value in its own currency from integer minor units. Editors create, edit and delete.
 */
import { useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { bluebook } from '@meridian/shared/contract/areas/vehicles';
import type { Bluebook } from '@meridian/shared/contract/bluebook';
import { api } from '@meridian/shared/http/api';
import { MESSAGES } from '@meridian/shared/messages';
import { useCan } from '@meridian/shared/session/use-can';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { PagedTable, type PagedColumn } from '@meridian/shared/ui/paged-table';
import { useConfirmedAction } from '@meridian/shared/ui/use-confirmed-action';
import { formatMinor } from '@meridian/shared/money-text';
import { RowActions } from '../parts/row-actions';
import { VEHICLES_API } from '../parts/vehicles-api';
import { BluebookDrawer } from './bluebook-form';
import { BLUEBOOK_TEXT, deleteValueQuestion } from './bluebook-text';

const DEFAULT_SORT = { field: 'make', order: 'ASC' } as const;

export default function BluebookPage() {
  const canCreate = useCan(bluebook, 'create');
  const canEdit = useCan(bluebook, 'edit');
  const canDelete = useCan(bluebook, 'delete');
  // undefined: closed; null: a new value.
  const [editing, setEditing] = useState<Bluebook | null | undefined>(undefined);
  const [saved, setSaved] = useState(0);
  const { confirmAction, reloadToken } = useConfirmedAction();

  const confirmDelete = (row: Bluebook) =>
    confirmAction({
      question: deleteValueQuestion(row.make, row.model, row.year),
      detail: BLUEBOOK_TEXT.deleteDetail,
      okText: MESSAGES.deleteAction,
      call: () => api.delete(VEHICLES_API.bluebookOne(row.id)),
      done: BLUEBOOK_TEXT.valueDeleted,
    });

  const columns: PagedColumn<Bluebook>[] = [
    { title: BLUEBOOK_TEXT.make, dataIndex: 'make', sortField: 'make' },
    { title: BLUEBOOK_TEXT.model, dataIndex: 'model', sortField: 'model' },
    { title: BLUEBOOK_TEXT.year, dataIndex: 'year', sortField: 'year' },
    {
      title: BLUEBOOK_TEXT.value,
      key: 'value',
      sortField: 'valueMinor',
      align: 'right',
      render: (_: unknown, row: Bluebook) => formatMinor(row.valueMinor, row.currency),
    },
    { title: BLUEBOOK_TEXT.currency, dataIndex: 'currency', optional: true },
    ...(canEdit || canDelete
      ? [
          {
            title: MESSAGES.rowActions,
            key: 'actions',
            actions: true,
            render: (_: unknown, row: Bluebook) => (
              <RowActions
                name={`${row.year} ${row.make} ${row.model}`}
                onEdit={canEdit ? () => setEditing(row) : undefined}
                onDelete={canDelete ? () => confirmDelete(row) : undefined}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <PageFrame
      title={BLUEBOOK_TEXT.bluebook}
      actions={
        canCreate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            {BLUEBOOK_TEXT.newValue}
          </Button>
        )
      }
    >
      <PagedTable<Bluebook>
        url={VEHICLES_API.bluebook}
        columns={columns}
        rowKey={(row) => row.id}
        label={BLUEBOOK_TEXT.bluebook}
        emptyText={BLUEBOOK_TEXT.noValues}
        searchPlaceholder={BLUEBOOK_TEXT.searchValues}
        defaultSort={DEFAULT_SORT}
        reloadToken={reloadToken + saved}
        tableId="vehicles-bluebook"
      />
      <BluebookDrawer
        row={editing}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          setSaved((n) => n + 1);
        }}
      />
    </PageFrame>
  );
}
