/** Spotters (/vehicles/spotters): the people who look for wanted vehicles; the list as every party kind's. */
import { spotters } from '@meridian/shared/contract/areas/vehicles';
import type { Spotter } from '@meridian/shared/contract/spotter';
import { RECOVERY_API } from '../dispatches/recovery-api';
import { PartiesPage, type PartiesPageSpec } from './parties-page';
import { SpotterDrawer } from './spotter-form';
import { SPOTTER_TEXT } from './spotter-text';

const SPEC: PartiesPageSpec<Spotter> = {
  resource: spotters,
  url: RECOVERY_API.spotters,
  tableId: 'vehicles-spotters',
  text: {
    title: SPOTTER_TEXT.spotters,
    newOne: SPOTTER_TEXT.newSpotter,
    empty: SPOTTER_TEXT.noSpotters,
    search: SPOTTER_TEXT.searchSpotters,
  },
  ownColumn: { title: SPOTTER_TEXT.user, key: 'user', optional: true, render: (_, s) => s.userName ?? '' },
  drawer: ({ editing, onClose, onSaved }) => <SpotterDrawer spotter={editing} onClose={onClose} onSaved={onSaved} />,
};

export default function SpottersPage() {
  return <PartiesPage spec={SPEC} />;
}
