/** The signed-in user's id: their own row offers no delete (the server refuses it anyway). */
import { useSession } from '@meridian/shared/session/session-store';

export const useOwnUserId = () => useSession((state) => state.user?.Id ?? null);
