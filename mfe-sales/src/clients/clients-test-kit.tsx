/**
 * Test support for the clients screens (imported by *.test.tsx only): clients, groups and phone-book
 * lines as the API answers them, over the sales test kit.
 */
import type {
  Client,
  ClientGroup,
  ClientGroupListItem,
  ClientListItem,
  ClientMatch,
  PhoneBookEntry,
} from '@meridian/shared/contract/client';
import { COMPANY } from '../testing/sales-test-kit';

export const LERATO_ID = '50000000-0000-4000-8000-000000000001';
export const SIPHO_ID = '50000000-0000-4000-8000-000000000002';
export const NALEDI_ID = '50000000-0000-4000-8000-000000000003';
export const GROUP_ID = '60000000-0000-4000-8000-000000000001';

/** Every hierarchy of the clients screens. */
export const ALL_CLIENT_PERMISSIONS = ['CLIENTS', 'CLIENTS/CREATE', 'CLIENTS/EDIT', 'CLIENTS/GROUPS'];

export function clientRow(overrides: Partial<ClientListItem> = {}): ClientListItem {
  return {
    Id: LERATO_ID,
    tenantId: COMPANY,
    tenantName: 'Meridian Lending',
    firstName: 'Lerato',
    lastName: 'Dube',
    emailAddress: 'lerato.dube@example.com',
    mobile: '0821234567',
    idNumber: '8001015009087',
    dateOfBirth: '1980-01-01',
    gender: 'FEMALE',
    addressLine: '12 Vilakazi Street',
    city: 'Soweto',
    postcode: '1804',
    country: 'South Africa',
    lat: null,
    lng: null,
    createdUserId: null,
    createdBy: 'Thandi Mokoena',
    dateCreated: '2025-03-01T08:00:00.000Z',
    dateModified: '2025-03-01T08:00:00.000Z',
    ...overrides,
  };
}

export const lerato = () => clientRow();
export const sipho = () =>
  clientRow({
    Id: SIPHO_ID,
    firstName: 'Sipho',
    lastName: 'Nkosi',
    emailAddress: 'sipho@example.com',
    mobile: '0831234567',
    idNumber: null,
    city: 'Durban',
  });
export const naledi = () =>
  clientRow({ Id: NALEDI_ID, firstName: 'Naledi', lastName: 'Khumalo', emailAddress: null, mobile: '0841234567', idNumber: null });

export const inFull = (row: ClientListItem, groups: Client['groups'] = []): Client => ({ ...row, groups });

export const matchOf = (row: ClientListItem): ClientMatch => ({
  Id: row.Id,
  firstName: row.firstName,
  lastName: row.lastName,
  emailAddress: row.emailAddress,
  mobile: row.mobile,
  idNumber: row.idNumber,
  tenantName: row.tenantName,
});

export function groupRow(overrides: Partial<ClientGroupListItem> = {}): ClientGroupListItem {
  return {
    Id: GROUP_ID,
    tenantId: COMPANY,
    tenantName: 'Meridian Lending',
    name: 'Soweto savers',
    description: 'Stokvel members in Soweto',
    memberCount: 2,
    createdUserId: null,
    createdBy: 'Thandi Mokoena',
    dateCreated: '2025-02-01T08:00:00.000Z',
    dateModified: '2025-02-02T08:00:00.000Z',
    ...overrides,
  };
}

export const groupInFull = (members: ClientListItem[] = [], overrides: Partial<ClientGroupListItem> = {}): ClientGroup => ({
  ...groupRow(overrides),
  members,
});

export const phoneBookLine = (row: ClientListItem): PhoneBookEntry => ({
  Id: row.Id,
  firstName: row.firstName,
  lastName: row.lastName,
  mobile: row.mobile,
  emailAddress: row.emailAddress,
  tenantName: row.tenantName,
});
