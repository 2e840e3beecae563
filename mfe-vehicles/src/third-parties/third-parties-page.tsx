/** Third parties (/vehicles/third-parties): companies that recover vehicles; the list as every party kind's. */
import { thirdParties } from '@meridian/shared/contract/areas/vehicles';
import type { ThirdParty } from '@meridian/shared/contract/third-party';
import { RECOVERY_API } from '../dispatches/recovery-api';
import { PartiesPage, type PartiesPageSpec } from '../spotters/parties-page';
import { THIRD_PARTY_TEXT } from '../spotters/spotter-text';
import { ThirdPartyDrawer } from './third-party-form';

const SPEC: PartiesPageSpec<ThirdParty> = {
  resource: thirdParties,
  url: RECOVERY_API.thirdParties,
  tableId: 'vehicles-third-parties',
  text: {
    title: THIRD_PARTY_TEXT.thirdParties,
    newOne: THIRD_PARTY_TEXT.newThirdParty,
    empty: THIRD_PARTY_TEXT.noThirdParties,
    search: THIRD_PARTY_TEXT.searchThirdParties,
  },
  ownColumn: { title: THIRD_PARTY_TEXT.contactName, key: 'contact', optional: true, render: (_, p) => p.contactName ?? '' },
  drawer: ({ editing, onClose, onSaved }) => <ThirdPartyDrawer party={editing} onClose={onClose} onSaved={onSaved} />,
};

export default function ThirdPartiesPage() {
  return <PartiesPage spec={SPEC} />;
}
