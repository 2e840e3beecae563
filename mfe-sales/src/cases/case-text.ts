/** The texts of the case screens. */
import type { CasePriority, CaseStatus } from '@meridian/shared/contract/case';

export const CASE_TEXT = {
  cases: 'Cases',
  newCase: 'New case',
  createCase: 'Create case',
  backToCases: 'Back to cases',
  noCases: 'No cases to show.',
  searchCases: 'Search titles, descriptions, owners, clients and leads',
  title: 'Title',
  description: 'Description',
  status: 'Status',
  priority: 'Priority',
  owner: 'Owner',
  about: 'About',
  aboutNothing: 'Nobody in particular',
  aboutClient: 'A client',
  aboutLead: 'A lead',
  client: 'Client',
  lead: 'Lead',
  dueDate: 'Due date',
  overdue: 'Overdue',
  created: 'Created',
  closedAt: 'Closed',
  actions: 'Actions',
  allStatuses: 'All statuses',
  allPriorities: 'All priorities',
  filterByStatus: 'Filter by status',
  filterByPriority: 'Filter by priority',
  filterByOwner: 'Filter by owner',
  anyOwner: 'Any owner',
  mine: 'Mine only',
  ownerHint: 'Leave empty to own the case yourself.',
  chooseOwner: 'Choose the owner',
  caseCreated: 'The case has been created.',
  caseSaved: 'The case has been saved.',
  closeCase: 'Close case',
  closeAction: 'Close',
  closeDetail: 'The case is marked closed, with today as its closing time. It can be reopened by changing its status.',
  closeFromFormDetail: 'What you changed on this page is saved with it.',
  caseClosed: 'The case has been closed.',
  deleteDetail: 'The cases are removed. This cannot be undone.',
} as const;

export const CASE_STATUS_COLOURS: Record<CaseStatus, string> = { OPEN: 'blue', IN_PROGRESS: 'gold', RESOLVED: 'green', CLOSED: 'default' };
export const CASE_PRIORITY_COLOURS: Record<CasePriority, string> = { LOW: 'default', NORMAL: 'blue', HIGH: 'orange', URGENT: 'red' };

export const deleteCasesQuestion = (count: number, title?: string) =>
  count === 1 ? (title ? `Delete the case '${title}'?` : 'Delete this case?') : `Delete ${count} cases?`;
export const casesDeletedMessage = (count: number) => (count === 1 ? 'The case has been deleted.' : `${count} cases have been deleted.`);
export const closeCaseQuestion = (title: string) => `Close the case '${title}'?`;
export const closeCaseLabel = (title: string) => `Close ${title}`;
