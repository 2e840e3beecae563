/**
 * The user menu of spec 2.6: an avatar made from the user's e-mail address (initials and a colour
 * hashed from it, drawn locally: the address is never sent to an outside avatar service), the name,
 * and Profile, Change password and Log out. While impersonating, Change password and Log out are
 * hidden, End impersonation is shown, and the menu says whom the administrator is acting as.
 */
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { LockOutlined, LogoutOutlined, UserOutlined, UserSwitchOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { AVATAR_SIZE } from '@meridian/shared/constants';
import { profile, publicPages } from '@meridian/shared/contract/areas/platform';
import type { User } from '@meridian/shared/contract/user';
import { MESSAGES, impersonatingMessage } from '@meridian/shared/messages';
import { VisuallyHidden } from '@meridian/shared/ui/visually-hidden';
import { useSession } from '@meridian/shared/session/session-store';
import { TOP_BAR_INK } from './top-bar-colours';

export const USER_MENU_PATHS = {
  profile: profile.screens.view,
  changePassword: profile.screens.changePassword,
  logout: publicPages.screens.logout,
  endImpersonation: publicPages.screens.endImpersonation,
} as const;

/** FNV-1a, 32 bits: a stable, well-spread hash of a short string. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export interface AvatarLook {
  initials: string;
  /** A dark enough colour for white initials, the same for the same address wherever it is shown. */
  colour: string;
}

/**
 * Initials from the address's local part: the first letters of its first two words ('loan-officer'
 * gives LO, 'jane.doe' JD), or its first two letters when it is one word; '?' when there is none.
 */
export function avatarOf(email: string | null | undefined): AvatarLook {
  const normalised = (email ?? '').trim().toLowerCase();
  const local = normalised.split('@')[0] ?? '';
  const words = local.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const initials =
    (words.length >= 2 ? `${[...words[0]!][0]}${[...words[1]!][0]}` : [...(words[0] ?? '')].slice(0, 2).join('')).toUpperCase() || '?';
  const hue = hash(normalised) % 360;
  // 28% lightness keeps white initials at 4.5:1 or better on every hue (yellows are the lightest).
  return { initials, colour: `hsl(${hue}, 50%, 28%)` };
}

export const displayNameOf = (user: Pick<User, 'firstName' | 'lastName' | 'userName'>) =>
  `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim() || user.userName;

/** The menu entries; pure so both variants are easy to check. Keys are the paths they open. */
export function userMenuItems(name: string, impersonating: boolean): NonNullable<MenuProps['items']> {
  const profile = { key: USER_MENU_PATHS.profile, icon: <UserOutlined />, label: MESSAGES.profile };
  if (impersonating) {
    return [
      {
        type: 'group',
        key: 'impersonating',
        label: impersonatingMessage(name),
        children: [profile, { key: USER_MENU_PATHS.endImpersonation, icon: <UserSwitchOutlined />, label: MESSAGES.endImpersonation }],
      },
    ];
  }
  return [
    profile,
    { key: USER_MENU_PATHS.changePassword, icon: <LockOutlined />, label: MESSAGES.changePassword },
    { type: 'divider' },
    { key: USER_MENU_PATHS.logout, icon: <LogoutOutlined />, label: MESSAGES.logOut },
  ];
}

export function UserMenu() {
  const { user, impersonating } = useSession(useShallow((s) => ({ user: s.user, impersonating: s.impersonationStatus === 'in-progress' })));
  const navigate = useNavigate();
  if (!user) return null;

  const name = displayNameOf(user);
  const look = avatarOf(user.emailAddress);
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{ items: userMenuItems(name, impersonating), onClick: ({ key }) => void navigate(key) }}
    >
      <Button
        type="text"
        aria-haspopup="menu"
        title={MESSAGES.userMenu}
        style={{ height: 'auto', paddingBlock: 2, display: 'inline-flex', alignItems: 'center', gap: 8, color: TOP_BAR_INK }}
      >
        <Avatar size={AVATAR_SIZE} style={{ backgroundColor: look.colour, color: '#fff', flex: 'none' }} aria-hidden>
          {look.initials}
        </Avatar>
        {/* Named by its content, so the name read out holds the visible name (WCAG 2.5.3). */}
        <VisuallyHidden>{`${MESSAGES.userMenu}: `}</VisuallyHidden>
        <span style={{ whiteSpace: 'nowrap' }}>{name}</span>
      </Button>
    </Dropdown>
  );
}
