/** Texts of the dispatch tab. */
import type { DispatchStatus } from '@meridian/shared/contract/dispatch';

export const DISPATCH_TEXT = {
  dispatches: 'Dispatches',
  noDispatches: 'Not dispatched yet.',
  dispatch: 'Dispatch',
  dispatchTo: 'Dispatch to',
  spotter: 'Spotter',
  thirdParty: 'Third party',
  assignee: 'Spotter or third party',
  chooseAssignee: 'Choose a spotter or a third party.',
  reward: 'Reward',
  rewardHint: 'In rand and cents, e.g. 5000 or 5000.50. Leave empty for no reward.',
  rewardInvalid: 'A reward is an amount with at most two decimals, e.g. 5000.50.',
  rewardPositive: 'A reward is more than 0.',
  currency: 'Currency',
  note: 'Note',
  noReward: 'No reward',
  status: 'Status',
  dispatched: 'Dispatched',
  published: 'Published',
  earned: 'Earned',
  succeeded: 'Recovered it',
  failed: 'Failed',
  publish: 'Publish',
  unpublish: 'Unpublish',
  dispatchedMessage: 'Repossession dispatched.',
  succeededQuestion: 'Did this dispatch recover the vehicle?',
  succeededDetail: 'Its reward is earned, the repossession moves to Recovered and the other open dispatches close.',
  failedQuestion: 'Close this dispatch as failed?',
  failedDetail: 'Its reward is not earned and leaves the wanted list.',
  outcomeSaved: 'Dispatch closed.',
  publishedMessage: 'Reward published: every spotter sees the vehicle and its reward.',
  unpublishedMessage: 'Reward withdrawn from the wanted list.',
  actions: 'Actions',
} as const;

export const DISPATCH_STATUS_LABELS: Record<DispatchStatus, string> = { Open: 'Open', Succeeded: 'Recovered it', Failed: 'Failed' };
