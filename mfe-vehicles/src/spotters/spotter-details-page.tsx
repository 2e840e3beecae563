/** One spotter (/vehicles/spotters/:id): details, rewards earned, dispatches and sightings; edited in the drawer. */
import { useState } from 'react';
import { Button, Descriptions } from 'antd';
import { useParams } from 'react-router';
import { spotters } from '@meridian/shared/contract/areas/vehicles';
import type { SpotterDetails } from '@meridian/shared/contract/spotter';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { useCan } from '@meridian/shared/session/use-can';
import { LoadPanel } from '@meridian/shared/ui/load-panel';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { RECOVERY_API } from '../dispatches/recovery-api';
import { PartyRecords } from './party-records';
import { SpotterDrawer } from './spotter-form';
import { SPOTTER_TEXT } from './spotter-text';

export default function SpotterDetailsPage() {
  const { id = '' } = useParams();
  const canEdit = useCan(spotters, 'edit');
  const [editing, setEditing] = useState(false);
  const state = useLoad((signal) => api.get<SpotterDetails>(RECOVERY_API.spotter(id), { signal }).then((r) => r.data), [id]);
  const spotter = state.status === 'loaded' ? state.data : null;
  return (
    <PageFrame
      title={spotter?.name ?? SPOTTER_TEXT.spotter}
      actions={canEdit && spotter && <Button onClick={() => setEditing(true)}>{SPOTTER_TEXT.edit}</Button>}
    >
      <LoadPanel state={state}>
        {(s) => (
          <>
            <Descriptions
              size="small"
              column={{ xs: 1, md: 2 }}
              items={[
                { key: 'mobile', label: SPOTTER_TEXT.mobile, children: s.mobile ?? '' },
                { key: 'email', label: SPOTTER_TEXT.email, children: s.email ?? '' },
                { key: 'user', label: SPOTTER_TEXT.user, children: s.userName ?? SPOTTER_TEXT.noUser },
                { key: 'active', label: SPOTTER_TEXT.active, children: s.active ? SPOTTER_TEXT.active : SPOTTER_TEXT.inactive },
                { key: 'notes', label: SPOTTER_TEXT.notes, children: s.notes ?? '' },
              ]}
            />
            <PartyRecords dispatches={s.dispatches} sightings={s.sightings} rewardsEarned={s.rewardsEarned} />
          </>
        )}
      </LoadPanel>
      <SpotterDrawer
        spotter={editing ? spotter : undefined}
        onClose={() => setEditing(false)}
        onSaved={() => {
          setEditing(false);
          state.reload();
        }}
      />
    </PageFrame>
  );
}
