/** The texts of the leads screens and the sales dashboards (spec messages come from shared/messages). */
import type { LeadDateType } from '@meridian/shared/contract/lead';

export const LEAD_TEXT = {
  leads: 'Leads',
  newLead: 'New lead',
  editLead: 'Edit lead',
  createLead: 'Create lead',
  backToLeads: 'Back to leads',
  noLeads: 'No leads in this window.',
  /** What still works on the leads list offline (offlineNoticeMessage). */
  offlineStillWorks: 'New leads are saved on this device and listed below until they are sent',
  leadsOnDevice: 'Leads saved on this device',
  searchLeads: 'Search name, contact number, e-mail or ID number',
  dateType: 'Dates of',
  from: 'From',
  to: 'To',
  thisWeek: 'This week',
  filterByStatus: 'Filter by status',
  allStatuses: 'All statuses',
  contactNumber: 'Contact number',
  countryCode: 'Country code',
  idNumber: 'ID number',
  empNumber: 'Employee number',
  consent: 'Consent',
  consentStatus: 'Consent status',
  affordability: 'Affordability',
  affordabilityOutcome: 'Affordability outcome',
  installmentAmount: 'Instalment amount',
  totalAffordability: 'Total affordability',
  assignedTo: 'Assigned to',
  notAssigned: 'Not assigned',
  person: 'Person',
  contact: 'Contact',
  progress: 'Status, consent and affordability',
  position: 'Position',
  positionHint: 'Coordinates are 0 until a point is picked on the map, typed, or taken from this device.',
  useMyPosition: 'Use my position',

  // Addresses
  addresses: 'Addresses',
  addAddress: 'Add address',
  noAddresses: 'No addresses yet.',
  addressType: 'Type',
  addressLine: 'Address line',
  city: 'City',
  postcode: 'Postcode',
  state: 'State or province',
  country: 'Country',

  // Actions
  moreActions: 'More actions',
  changeStatus: 'Change status',
  newStatus: 'New status',
  statusChanged: 'The status has been changed.',
  assignToAgent: 'Assign to agent',
  unassign: 'Take off the agent',
  agent: 'Agent',
  leadAssigned: 'The lead has been assigned.',
  leadUnassigned: 'The lead is no longer assigned.',
  resendConsent: 'Resend consent request',
  resendConsentDetail: 'The lead is asked again, by e-mail, for consent to check their credit record and affordability.',
  sendAction: 'Send',
  downloadPdf: 'Download PDF',
  leadDeleted: 'The lead has been deleted.',
  leadDeleteDetail: 'The lead and its addresses are removed from the lists.',
  leadCreated: 'The lead has been created.',
  leadSaved: 'The lead has been saved.',
  statusHistory: 'Status history',

  // Dashboards
  leadsDashboard: 'Leads dashboard',
  salesDashboard: 'Sales dashboard',
  window: 'Window',
  last7Days: 'Last 7 days',
  last30Days: 'Last 30 days',
  last90Days: 'Last 90 days',
  customWindow: 'Custom',
  totalLeads: 'Leads created',
  converted: 'Converted',
  conversionRate: 'Conversion rate',
  byStatus: 'By status',
  byConsent: 'By consent',
  byAffordability: 'By affordability outcome',
  newPerDay: 'New leads per day',
  noLeadsInWindow: 'No leads were created in this window.',
  leadsConverted: 'Leads converted',
  clientsAdded: 'Clients added',
  activitiesPlanned: 'Activities planned',
  activitiesCompleted: 'Activities completed',
  completionRate: 'Completion rate',
  topAgents: 'Top agents',
  noAgentWork: 'No agent work in this window.',
  noSalesWork: 'No leads, clients or activities in this window.',
} as const;

export const DATE_TYPE_LABELS: Record<LeadDateType, string> = { created: 'Created', consent: 'Consent', affordability: 'Affordability' };

export const deleteLeadQuestion = (name: string) => `Delete the lead ${name}?`;
export const resendConsentQuestion = (name: string) => `Send ${name} the consent request again?`;
export const consentSentMessage = (to: string) => `Consent request e-mailed to ${to}.`;
export const changeStatusTitle = (name: string) => `Change the status of ${name}`;
export const assignTitle = (name: string) => `Assign ${name} to an agent`;
export const moreActionsLabel = (name: string) => `More actions for ${name}`;
export const downloadPdfLabel = (name: string) => `Download the PDF of ${name}`;
export const addressHeading = (n: number) => `Address ${n}`;
export const removeAddressLabel = (n: number) => `Remove address ${n}`;
export const maxAddressesText = (max: number) => `A lead has at most ${max} addresses.`;
/** A rate 0..1 as a percentage with one decimal. */
export const percentText = (rate: number) => `${(rate * 100).toFixed(1)}%`;
