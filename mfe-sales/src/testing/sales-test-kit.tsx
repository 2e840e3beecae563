/**
 * Test support for the sales screens (imported by *.test.tsx and area test kits only), over the
 * product's shared page kit: signed-in sales users, list envelopes with paging, a fake server that
 * makes unexpected calls visible, and helpers for antd's pickers and dialogs.
 */
import { screen } from '@testing-library/react';
import type { User } from '@meridian/shared/contract/user';
import { resetSession, signInAs } from '@meridian/shared/testing/page-test-kit';
import { fakeUser } from '@meridian/shared/testing/session-fixtures';

export {
  fail,
  ok,
  renderAppPage as renderSalesPage,
  resetSession,
  setOnline,
  startFieldWork,
  typist,
  type FakeCall,
  type FakeReply,
} from '@meridian/shared/testing/page-test-kit';

export const COMPANY = '10000000-0000-4000-8000-000000000002';
export const SALES_USER_ID = '20000000-0000-4000-8000-000000000002';

/** A branch manager of the company holding only the hierarchies given. */
export const salesUser = (hierarchies: string[]): User =>
  fakeUser({
    Id: SALES_USER_ID,
    firstName: 'Thandi',
    lastName: 'Mokoena',
    userName: 'thandi.mokoena',
    tenantId: COMPANY,
    roles: [{ Id: 'r-bm', name: 'Branch Manager' }],
    rolepermissions: hierarchies.map((hierarchy) => ({ hierarchy })),
  });

/** Signs in a sales user holding `hierarchies`, acting for the company. */
export const signInSales = (hierarchies: string[]) => signInAs(salesUser(hierarchies));
export const signOut = resetSession;

/**
 * The open dialog (antd modal) whose title is `title`. Its accessible name cannot be used: in tests
 * antd gives every generated id the same value, so aria-labelledby points at the wrong element.
 */
export async function findDialog(title: string): Promise<HTMLElement> {
  const [first] = await screen.findAllByText(title);
  const dialog = first?.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error(`no dialog titled "${title}"`);
  return dialog;
}
