/**
 * The list page of a recovery party kind (spotters, third parties): paged and searched on the server
 * (spec 9: empty sort, search '%%' by default, which reads as by name); new ones and edits in the kind's
 * drawer; each row leads to the party's page. The kinds differ only in what `PartiesPageSpec` names.
 */
import { useState, type ReactNode } from 'react';
import { Button, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { pathTo } from '@meridian/shared/contract/areas/path-to';
import type { spotters, thirdParties } from '@meridian/shared/contract/areas/vehicles';
import { useCan } from '@meridian/shared/session/use-can';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { PagedTable, type PagedColumn } from '@meridian/shared/ui/paged-table';
import { SPOTTER_TEXT } from './spotter-text';

const DEFAULT_SORT = { field: 'name', order: 'ASC' } as const;

/** What both kinds' rows hold. */
interface PartyRow {
  id: string;
  name: string;
  mobile: string | null;
  openDispatches: number;
  active: boolean;
}

export interface PartiesPageSpec<P extends PartyRow> {
  resource: typeof spotters | typeof thirdParties;
  url: string;
  tableId: string;
  text: { title: string; newOne: string; empty: string; search: string };
  /** The one column the kinds differ in (a spotter's user, a company's contact person). */
  ownColumn: PagedColumn<P>;
  drawer(props: { editing: P | null | undefined; onClose(): void; onSaved(): void }): ReactNode;
}

function partyColumns<P extends PartyRow>(spec: PartiesPageSpec<P>, onEdit: ((party: P) => void) | null): PagedColumn<P>[] {
  const columns: PagedColumn<P>[] = [
    {
      title: SPOTTER_TEXT.name,
      key: 'name',
      sortField: 'name',
      render: (_, p) => <Link to={pathTo(spec.resource.screens.view, { id: p.id })}>{p.name}</Link>,
    },
    { title: SPOTTER_TEXT.mobile, key: 'mobile', render: (_, p) => p.mobile ?? '' },
    spec.ownColumn,
    { title: SPOTTER_TEXT.openDispatches, key: 'openDispatches', render: (_, p) => p.openDispatches },
    {
      title: SPOTTER_TEXT.active,
      key: 'active',
      render: (_, p) => (p.active ? <Tag color="green">{SPOTTER_TEXT.active}</Tag> : <Tag>{SPOTTER_TEXT.inactive}</Tag>),
    },
  ];
  if (!onEdit) return columns;
  const edit: PagedColumn<P> = {
    title: SPOTTER_TEXT.actions,
    key: 'actions',
    actions: true,
    render: (_, p) => (
      <Button size="small" onClick={() => onEdit(p)} aria-label={`${SPOTTER_TEXT.edit} ${p.name}`}>
        {SPOTTER_TEXT.edit}
      </Button>
    ),
  };
  return [...columns, edit];
}

export function PartiesPage<P extends PartyRow>({ spec }: { spec: PartiesPageSpec<P> }) {
  const canCreate = useCan(spec.resource, 'create');
  const canEdit = useCan(spec.resource, 'edit');
  const [editing, setEditing] = useState<P | null | undefined>(undefined);
  const [saved, setSaved] = useState(0);

  return (
    <PageFrame
      title={spec.text.title}
      actions={
        canCreate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            {spec.text.newOne}
          </Button>
        )
      }
    >
      <PagedTable<P>
        url={spec.url}
        columns={partyColumns(spec, canEdit ? setEditing : null)}
        rowKey={(p) => p.id}
        label={spec.text.title}
        emptyText={spec.text.empty}
        searchPlaceholder={spec.text.search}
        defaultSort={DEFAULT_SORT}
        reloadToken={saved}
        tableId={spec.tableId}
      />
      {spec.drawer({
        editing,
        onClose: () => setEditing(undefined),
        onSaved: () => {
          setEditing(undefined);
          setSaved((n) => n + 1);
        },
      })}
    </PageFrame>
  );
}
