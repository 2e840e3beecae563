/** How far an agent has got with a stop (the contract's progress stages), named and coloured. */
import type { ActivityProgress } from '@meridian/shared/contract/activity-plan';

export const PROGRESS_NAMES: Record<ActivityProgress, string> = {
  completed: 'Completed',
  inProgress: 'In progress',
  cancelled: 'Cancelled',
  pending: 'Pending',
};

/** antd preset colours, read alike by Tag and Timeline. */
export const PROGRESS_COLOURS: Record<ActivityProgress, string> = {
  completed: 'green',
  inProgress: 'blue',
  cancelled: 'red',
  pending: 'gray',
};
