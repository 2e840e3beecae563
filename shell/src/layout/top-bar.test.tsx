import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@meridian/shared/messages';
import { DEMO, installFakeFetch, lendingTree, renderInShell, resetSession, signInAs } from './top-bar/top-bar-test-kit';
import { TopBar } from './top-bar';
import { anyScreenWidth, screenWidth } from '@meridian/shared/testing/screen-width';

beforeEach(() => {
  installFakeFetch({
    'GET /api/tenants/descendantsByUserId': { data: lendingTree() },
    'GET /api/notification/unreadnotifications': { data: { count: 0, notifications: [] } },
  });
  signInAs(DEMO.salesManager);
});
afterEach(() => {
  anyScreenWidth();
  resetSession();
});

describe('the top bar', () => {
  test('on a phone keeps the bell and the user menu in the bar and folds the tenant and search into "More"', async () => {
    screenWidth(390);
    renderInShell(<TopBar onToggleMenu={() => undefined} />);
    expect(screen.getByRole('button', { name: MESSAGES.notifications })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: new RegExp(MESSAGES.userMenu) })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: MESSAGES.search })).not.toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: MESSAGES.moreOfTopBar }));
    const more = screen.getByRole('region', { name: MESSAGES.moreOfTopBar });
    expect(more).toContainElement(screen.getByRole('combobox', { name: MESSAGES.search }));
    expect(more).toContainElement(screen.getByRole('combobox', { name: MESSAGES.selectTenant }));
  });

  test('on a wide screen shows everything in one row, with no "More"', () => {
    screenWidth(1440);
    renderInShell(<TopBar onToggleMenu={() => undefined} />);
    expect(screen.getByRole('combobox', { name: MESSAGES.search })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: MESSAGES.moreOfTopBar })).not.toBeInTheDocument();
  });
});
