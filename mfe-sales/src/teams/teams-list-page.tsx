/**
 * Sales teams (/sales/teams) of the acting tenant's subtree: paged, sorted and searched on the server,
 * filtered by type, with page, sort, search and type kept in the address. A team opens for editing;
 * one or several are deleted after a confirmation.
 */
import { useState } from 'react';
import { Button, Select, Tag } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { TEAM_TYPES, type TeamListItem, type TeamType } from '@meridian/shared/contract/team';
import { api } from '@meridian/shared/http/api';
import { deleteSelectedLabel, MESSAGES } from '@meridian/shared/messages';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { PagedTable, type PagedColumn } from '@meridian/shared/ui/paged-table';
import { EditRemoveActions } from '@meridian/shared/ui/edit-remove-actions';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { useAddressFilters } from '../parts/use-address-filters';
import { useConfirmedAction } from '@meridian/shared/ui/use-confirmed-action';
import { editTeamPath, NEW_TEAM_PATH } from './team-paths';
import { deleteTeamsQuestion, TEAM_TEXT, teamsDeletedMessage } from './team-text';
import { useCan } from '@meridian/shared/session/use-can';
import { teams } from '@meridian/shared/contract/areas/sales';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';

const DEFAULT_SORT = { field: 'name', order: 'ASC' as const };
const TYPE_NAMES = Object.fromEntries(TEAM_TYPES.map((t) => [t.Id, t.name])) as Record<TeamType, string>;

export default function TeamsListPage() {
  const format = useTenantFormat();
  const filters = useAddressFilters({ type: undefined });
  const canCreate = useCan(teams, 'create');
  const canEdit = useCan(teams, 'edit');
  const [selected, setSelected] = useState<string[]>([]);
  const { confirmAction, reloadToken } = useConfirmedAction();

  const deleteTeams = (ids: string[], name?: string) =>
    ids.length > 0 &&
    confirmAction({
      question: deleteTeamsQuestion(ids.length, name),
      detail: TEAM_TEXT.deleteDetail,
      okText: MESSAGES.deleteAction,
      done: teamsDeletedMessage(ids.length),
      call: async () => {
        await api.delete<{ deleted: number }>('/api/teams/delete', { body: { salesTeams: ids } });
        setSelected((keys) => keys.filter((key) => !ids.includes(key)));
      },
    });

  const columns: PagedColumn<TeamListItem>[] = [
    {
      title: TEAM_TEXT.name,
      dataIndex: 'name',
      sortField: 'name',
      render: (name: string, team) => (canEdit ? <Link to={editTeamPath(team.Id)}>{name}</Link> : name),
    },
    {
      title: TEAM_TEXT.type,
      dataIndex: 'teamType',
      sortField: 'teamType',
      render: (type: TeamType) => <Tag>{TYPE_NAMES[type] ?? type}</Tag>,
    },
    { title: TEAM_TEXT.leader, dataIndex: 'leaderName', sortField: 'leaderName', render: (name: string | null) => name ?? '—' },
    { title: TEAM_TEXT.members, dataIndex: 'memberCount', align: 'right' },
    { title: TEAM_TEXT.tenant, dataIndex: 'tenantName', sortField: 'tenantName' },
    { title: TEAM_TEXT.created, dataIndex: 'dateCreated', sortField: 'dateCreated', render: (iso: string) => format.day(iso) },
    ...(canEdit
      ? [
          {
            title: TEAM_TEXT.actions,
            key: 'actions',
            fixed: 'right' as const,
            render: (_: unknown, team: TeamListItem) => (
              <EditRemoveActions editTo={editTeamPath(team.Id)} name={team.name} onRemove={() => deleteTeams([team.Id], team.name)} />
            ),
          },
        ]
      : []),
  ];

  const toolbar = (
    <>
      <Select
        aria-label={TEAM_TEXT.filterByType}
        placeholder={TEAM_TEXT.allTypes}
        allowClear
        options={TEAM_TYPES.map((t) => ({ value: t.Id, label: t.name }))}
        value={filters.values.type}
        onChange={(type: string | undefined) => filters.set({ type })}
        style={{ width: 180 }}
      />
      {canEdit && (
        <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0} onClick={() => deleteTeams(selected)}>
          {deleteSelectedLabel(selected.length)}
        </Button>
      )}
    </>
  );

  return (
    <PageFrame
      actions={
        canCreate && (
          <LinkButton to={NEW_TEAM_PATH} type="primary" icon={<PlusOutlined />}>
            {TEAM_TEXT.newTeam}
          </LinkButton>
        )
      }
    >
      <PagedTable<TeamListItem>
        url="/api/teams"
        filters={{ teamType: filters.values.type }}
        columns={columns}
        rowKey={(team) => team.Id}
        label={TEAM_TEXT.teams}
        emptyText={TEAM_TEXT.noTeams}
        searchPlaceholder={TEAM_TEXT.searchTeams}
        defaultSort={DEFAULT_SORT}
        toolbar={toolbar}
        selection={canEdit ? { keys: selected, onChange: setSelected } : undefined}
        reloadToken={reloadToken}
      />
    </PageFrame>
  );
}
