/** Test support for the USSD screens (imported by *.test.tsx only): registrations, sessions and the dashboard as the API answers them. */
import type { UssdClient, UssdDashboard, UssdSession } from '@meridian/shared/contract/ussd';
import { COMPANY } from '../testing/sales-test-kit';

export const REGISTRATION_ID = 'f0000000-0000-4000-8000-000000000001';
export const USSD_CLIENT_ID = 'b0000000-0000-4000-8000-000000000009';
export const SESSION_ID = 'f1000000-0000-4000-8000-000000000001';

export const ussdClient = (overrides: Partial<UssdClient> = {}): UssdClient => ({
  id: REGISTRATION_ID,
  clientId: USSD_CLIENT_ID,
  clientName: 'Sipho Nkosi',
  phone: '0821234567',
  status: 'active',
  pinSet: true,
  locked: false,
  registeredDate: '2025-01-05T08:00:00.000Z',
  lastSessionDate: '2025-02-01T10:00:00.000Z',
  tenantId: COMPANY,
  ...overrides,
});

export const ussdSession = (overrides: Partial<UssdSession> = {}): UssdSession => ({
  id: SESSION_ID,
  sessionId: 'ATUid_1',
  serviceCode: '*120*5#',
  phone: '+27821234567',
  clientName: 'Sipho Nkosi',
  startedAt: '2025-02-01T10:00:00.000Z',
  lastStepAt: '2025-02-01T10:00:40.000Z',
  steps: 3,
  completed: true,
  outcome: 'balance',
  tenantId: COMPANY,
  ...overrides,
});

export const sessionDetails = () => ({
  ...ussdSession(),
  stepsTaken: [
    { seq: 1, input: '', choice: null, reply: 'CON' as const, dateCreated: '2025-02-01T10:00:00.000Z' },
    { seq: 2, input: '****', choice: null, reply: 'CON' as const, dateCreated: '2025-02-01T10:00:20.000Z' },
    { seq: 3, input: '1', choice: 'balance' as const, reply: 'END' as const, dateCreated: '2025-02-01T10:00:40.000Z' },
  ],
});

export const dashboard = (overrides: Partial<UssdDashboard> = {}): UssdDashboard => ({
  from: '2025-02-01',
  to: '2025-02-03',
  sessions: 8,
  completed: 6,
  completionPercent: 75,
  days: [
    { day: '2025-02-01', sessions: 5, completed: 4 },
    { day: '2025-02-03', sessions: 3, completed: 2 },
  ],
  topChoices: [
    { choice: 'balance', count: 4 },
    { choice: 'statement', count: 2 },
  ],
  ...overrides,
});
