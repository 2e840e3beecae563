import { act, fireEvent, screen } from '@testing-library/react';
import { AVATAR_SIZE } from '@meridian/shared/constants';
import { MESSAGES } from '@meridian/shared/messages';
import { sessionStore } from '@meridian/shared/session/session-store';
import { avatarOf, UserMenu } from './user-menu';
import { DEMO, renderInShell, resetSession, sessionOf, signInAs } from './top-bar-test-kit';

// @ant-design/icons 6.3.4's CommonJS build requires the ES build of @ant-design/colors' generate, which Jest cannot load.

afterEach(resetSession);

const openMenu = async (name: RegExp) => {
  fireEvent.click(screen.getByRole('button', { name }));
  return screen.findByRole('menu');
};

describe('user menu', () => {
  it("shows the avatar (size 45, initials from the e-mail) and the user's name", () => {
    signInAs(DEMO.salesManager);
    renderInShell(<UserMenu />);
    const trigger = screen.getByRole('button', { name: /Sales Manager/ });
    const avatar = trigger.querySelector('.ant-avatar') as HTMLElement;
    expect(avatar).toHaveTextContent('SM');
    expect(avatar.style.width).toBe(`${AVATAR_SIZE}px`);
    expect(avatar.style.backgroundColor).not.toBe('');
  });

  it('offers Profile, Change password and Log out, each opening its page', async () => {
    signInAs(DEMO.salesManager);
    renderInShell(<UserMenu />);
    await openMenu(/Sales Manager/);

    expect(screen.getByRole('menuitem', { name: /Profile/ })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: /Change password/ })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /End impersonation/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/Impersonating/)).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('menuitem', { name: /Log out/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/logout');
  });

  it('opens /profile/change-password and /profile from their entries', async () => {
    signInAs(DEMO.salesManager);
    renderInShell(<UserMenu />);
    await openMenu(/Sales Manager/);
    fireEvent.click(screen.getByRole('menuitem', { name: /Change password/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/profile/change-password');

    await openMenu(/Sales Manager/);
    fireEvent.click(screen.getByRole('menuitem', { name: /Profile/ }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/profile$/);
  });

  it('while impersonating, hides Change password and Log out, shows End impersonation and says whom', async () => {
    signInAs(DEMO.administrator);
    act(() => sessionStore.getState().startImpersonation(sessionOf(DEMO.loanOfficer)));
    expect(sessionStore.getState().impersonationStatus).toBe('in-progress');
    renderInShell(<UserMenu />);

    await openMenu(/Loan Officer/);
    expect(screen.getByText('Impersonating Loan Officer')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: /Profile/ })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /Change password/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /Log out/ })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('menuitem', { name: new RegExp(MESSAGES.endImpersonation) }));
    expect(screen.getByTestId('location')).toHaveTextContent('/end-impersonation');
  });

  it('after the impersonation ended, offers Change password and Log out again', async () => {
    signInAs(DEMO.administrator);
    act(() => {
      sessionStore.getState().startImpersonation(sessionOf(DEMO.loanOfficer));
      sessionStore.getState().endImpersonation(sessionOf(DEMO.administrator));
    });
    renderInShell(<UserMenu />);
    await openMenu(/Administrator Demo/);
    expect(screen.getByRole('menuitem', { name: /Log out/ })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /End impersonation/ })).not.toBeInTheDocument();
  });

  it('renders nothing when signed out', () => {
    const { container } = renderInShell(<UserMenu />);
    expect(container.querySelector('.ant-avatar')).toBeNull();
  });
});

describe('avatarOf', () => {
  it("takes the initials of the first two words of the address's local part", () => {
    expect(avatarOf('loan-officer@demo.meridian.test').initials).toBe('LO');
    expect(avatarOf('jane.doe@example.com').initials).toBe('JD');
    expect(avatarOf('admin@demo.meridian.test').initials).toBe('AD');
    expect(avatarOf('').initials).toBe('?');
  });

  it('hashes the address into a stable colour, ignoring case and spaces', () => {
    const a = avatarOf('Loan-Officer@Demo.Meridian.test ');
    expect(a.colour).toBe(avatarOf('loan-officer@demo.meridian.test').colour);
    expect(a.colour).toMatch(/^hsl\(\d{1,3}, 50%, 28%\)$/);
    expect(avatarOf('team-leader@demo.meridian.test').colour).not.toBe(a.colour);
  });

  it('keeps white initials readable (4.5:1) on the colour of every hue', () => {
    const channel = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    const luminanceOfHsl = (h: number, s: number, l: number) => {
      const k = (n: number) => (n + h / 30) % 12;
      const a = s * Math.min(l, 1 - l);
      const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
      return 0.2126 * channel(f(0)) + 0.7152 * channel(f(8)) + 0.0722 * channel(f(4));
    };
    const [, , s, l] = /hsl\((\d+), (\d+)%, (\d+)%\)/.exec(avatarOf('x@y.z').colour)!.map(Number);
    for (let hue = 0; hue < 360; hue++) {
      expect((1 + 0.05) / (luminanceOfHsl(hue, s! / 100, l! / 100) + 0.05)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
