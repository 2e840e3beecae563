/** Confirm and delete a sighting, each asked first; `reloadToken` moves after either succeeds. */
import { sightings } from '@meridian/shared/contract/areas/vehicles';
import type { Sighting } from '@meridian/shared/contract/sighting';
import { api } from '@meridian/shared/http/api';
import { MESSAGES } from '@meridian/shared/messages';
import { useCan } from '@meridian/shared/session/use-can';
import { useConfirmedAction } from '@meridian/shared/ui/use-confirmed-action';
import { RECOVERY_API } from '../dispatches/recovery-api';
import { SIGHTING_TEXT } from './sighting-text';

/** `onConfirmed` runs after a confirmation, which may move the repossession (to Sighted). */
export function useSightingActions(onConfirmed?: () => void) {
  const canConfirm = useCan(sightings, 'confirm');
  const canDelete = useCan(sightings, 'delete') && canConfirm;
  const { confirmAction, reloadToken } = useConfirmedAction();
  const onConfirm = (s: Sighting) =>
    confirmAction({
      question: SIGHTING_TEXT.confirmQuestion,
      detail: SIGHTING_TEXT.confirmDetail,
      okText: SIGHTING_TEXT.confirm,
      call: async () => {
        await api.post(RECOVERY_API.confirmSighting, { id: s.id });
        onConfirmed?.();
      },
      done: SIGHTING_TEXT.confirmed,
    });
  const onDelete = (s: Sighting) =>
    confirmAction({
      question: SIGHTING_TEXT.deleteQuestion,
      detail: `${s.registrationNumber} ${s.make}`,
      okText: MESSAGES.deleteAction,
      call: () => api.post(RECOVERY_API.deleteSighting, { id: s.id }),
      done: SIGHTING_TEXT.deleted,
    });
  return { canConfirm, canDelete, onConfirm, onDelete, reloadToken };
}
