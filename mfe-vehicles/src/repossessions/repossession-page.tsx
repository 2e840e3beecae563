/**
 * A repossession's page (/vehicles/repossessions/:id): its title and status, the workflow's moves
 * allowed from where it stands, and its tabs (repossession-tabs.tsx), the open one kept in the address.
 */
import { Flex, Tabs } from 'antd';
import { useParams, useSearchParams } from 'react-router';
import { repossessions } from '@meridian/shared/contract/areas/vehicles';
import type { RepossessionDetails } from '@meridian/shared/contract/repossession';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { useSession } from '@meridian/shared/session/session-store';
import { useCan } from '@meridian/shared/session/use-can';
import { useShallow } from 'zustand/react/shallow';
import { LoadPanel } from '@meridian/shared/ui/load-panel';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { VEHICLES_API } from '../parts/vehicles-api';
import { RepossessionActions } from './repossession-actions';
import { RepossessionStatusTag } from './repossession-status-tag';
import { REPOSSESSION_TABS } from './repossession-tabs';
import { repossessionTitle } from './repossession-text';

function RepossessionView({ repossession, reload }: { repossession: RepossessionDetails; reload(): void }) {
  const canMove = useCan(repossessions, 'edit');
  const tabs = useSession(useShallow((session) => REPOSSESSION_TABS.filter((t) => t.shownTo?.(session) ?? true)));
  const [params, setParams] = useSearchParams();
  const active = tabs.some((t) => t.key === params.get('tab')) ? params.get('tab')! : tabs[0]!.key;
  return (
    <PageFrame
      title={repossessionTitle(repossession.registrationNumber, repossession.make)}
      subtitle={<RepossessionStatusTag status={repossession.status} />}
    >
      <Flex vertical gap={16}>
        <RepossessionActions repossession={repossession} reload={reload} canMove={canMove} />
        <Tabs
          activeKey={active}
          onChange={(tab) => setParams({ tab }, { replace: true })}
          items={tabs.map(({ key, label, Tab }) => ({
            key,
            label,
            children: <Tab repossession={repossession} reload={reload} />,
          }))}
        />
      </Flex>
    </PageFrame>
  );
}

export default function RepossessionPage() {
  const { id = '' } = useParams();
  const state = useLoad((signal) => api.get<RepossessionDetails>(VEHICLES_API.repossession(id), { signal }).then((r) => r.data), [id]);
  return <LoadPanel state={state}>{(repossession) => <RepossessionView repossession={repossession} reload={state.reload} />}</LoadPanel>;
}
