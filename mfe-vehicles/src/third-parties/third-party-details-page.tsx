/** One third party (/vehicles/third-parties/:id): details, rewards earned, dispatches and its vehicles' sightings. */
import { useState } from 'react';
import { Button, Descriptions } from 'antd';
import { useParams } from 'react-router';
import { thirdParties } from '@meridian/shared/contract/areas/vehicles';
import type { ThirdPartyDetails } from '@meridian/shared/contract/third-party';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { useCan } from '@meridian/shared/session/use-can';
import { LoadPanel } from '@meridian/shared/ui/load-panel';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { RECOVERY_API } from '../dispatches/recovery-api';
import { PartyRecords } from '../spotters/party-records';
import { SPOTTER_TEXT, THIRD_PARTY_TEXT } from '../spotters/spotter-text';
import { ThirdPartyDrawer } from './third-party-form';

export default function ThirdPartyDetailsPage() {
  const { id = '' } = useParams();
  const canEdit = useCan(thirdParties, 'edit');
  const [editing, setEditing] = useState(false);
  const state = useLoad((signal) => api.get<ThirdPartyDetails>(RECOVERY_API.thirdParty(id), { signal }).then((r) => r.data), [id]);
  const party = state.status === 'loaded' ? state.data : null;
  return (
    <PageFrame
      title={party?.name ?? THIRD_PARTY_TEXT.thirdParty}
      actions={canEdit && party && <Button onClick={() => setEditing(true)}>{SPOTTER_TEXT.edit}</Button>}
    >
      <LoadPanel state={state}>
        {(t) => (
          <>
            <Descriptions
              size="small"
              column={{ xs: 1, md: 2 }}
              items={[
                { key: 'contact', label: THIRD_PARTY_TEXT.contactName, children: t.contactName ?? '' },
                { key: 'mobile', label: SPOTTER_TEXT.mobile, children: t.mobile ?? '' },
                { key: 'email', label: SPOTTER_TEXT.email, children: t.email ?? '' },
                { key: 'active', label: SPOTTER_TEXT.active, children: t.active ? SPOTTER_TEXT.active : SPOTTER_TEXT.inactive },
                { key: 'notes', label: SPOTTER_TEXT.notes, children: t.notes ?? '' },
              ]}
            />
            <PartyRecords
              dispatches={t.dispatches}
              sightings={t.sightings}
              rewardsEarned={t.rewardsEarned}
              sightingsHint={THIRD_PARTY_TEXT.sightingsHint}
            />
          </>
        )}
      </LoadPanel>
      <ThirdPartyDrawer
        party={editing ? party : undefined}
        onClose={() => setEditing(false)}
        onSaved={() => {
          setEditing(false);
          state.reload();
        }}
      />
    </PageFrame>
  );
}
