/** The texts of the clients, client groups and phone book screens (the spec leaves them to us). */

export const CLIENT_TEXT = {
  /** What still works on the client screens offline (offlineNoticeMessage). */
  offlineStillWorks: 'Clients are not kept on this device, but My Work and new leads work offline',
  clients: 'Clients',
  newClient: 'New client',
  editClient: 'Edit client',
  createClient: 'Create client',
  backToClients: 'Back to clients',
  noClients: 'No clients to show.',
  searchClients: 'Search name, e-mail, mobile or ID number',
  clientsView: 'Show clients as',
  idNumber: 'ID number',
  dateOfBirth: 'Date of birth',
  gender: 'Gender',
  genderNotGiven: 'Not given',
  addressLine: 'Address',
  city: 'City',
  postcode: 'Postcode',
  country: 'Country',
  groups: 'Groups',
  noGroupsOfClient: 'Not in any group.',
  clientCreated: 'The client has been created.',
  clientSaved: 'The client has been saved.',
  clientDeleted: 'The client has been deleted.',
  clientDeleteDetail: 'The client is removed from the lists and from their groups.',
  coordinatesHint: 'Optional: type both, or pick the point on the map.',

  // Find by mobile
  findByMobile: 'Find by mobile',
  findByMobilePlaceholder: 'Mobile, e.g. 0821234567',
  clientFound: 'Client found',

  // Groups
  clientGroups: 'Client groups',
  newClientGroup: 'New client group',
  createClientGroup: 'Create group',
  backToGroups: 'Back to client groups',
  noClientGroups: 'No client groups to show.',
  searchClientGroups: 'Search group names and descriptions',
  filterByGroup: 'Filter by group',
  allGroups: 'All groups',
  members: 'Members',
  memberCount: 'Members',
  noMembers: 'This group has no members yet.',
  noMembersChosen: 'No members chosen yet. Find clients by name above to add them.',
  searchMembers: 'Search the members',
  addMember: 'Add a member',
  addMemberPlaceholder: 'Type part of a name to find a client',
  noClientMatches: 'No client has a name like that.',
  groupCreated: 'The client group has been created.',
  groupSaved: 'The client group has been saved.',
  groupDeleted: 'The client group has been deleted.',
  groupDeleteDetail: 'The group is removed; its members stay as clients.',
  groupDetails: 'Details',
  editGroup: 'Edit group',

  // Phone book
  phoneBook: 'Phone book',
  noPhoneBookEntries: 'Nobody to show.',
  searchPhoneBook: 'Search name, mobile or e-mail',
  filterByLetter: 'Last name starts with',
  allLetters: 'All',
} as const;

export const deleteClientQuestion = (name: string) => `Delete the client ${name}?`;
export const deleteGroupQuestion = (name: string) => `Delete the client group '${name}'?`;
export const noClientWithMobile = (phone: string) => `No client has the mobile number ${phone}.`;
export const maxMembersText = (max: number) => `A group has at most ${max.toLocaleString()} members.`;
export const removeMemberLabel = (name: string) => `Remove ${name}`;
export const membersChosenText = (count: number) => (count === 1 ? '1 member' : `${count.toLocaleString()} members`);
export const callLabel = (name: string, phone: string) => `${phone}: call ${name}`;
/** Names the link by the address it shows, then whose it is (WCAG 2.5.3: the visible words are part of the name). */
export const mailLabel = (name: string, email: string) => `${email}: e-mail ${name}`;
