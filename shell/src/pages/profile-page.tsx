/** The signed-in user's own details, with the ways to edit them and to change the password. */
import { Descriptions, Tag } from 'antd';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import type { User } from '@meridian/shared/contract/user';
import { profile } from '@meridian/shared/contract/areas/platform';
import { MESSAGES } from '@meridian/shared/messages';
import { useSession } from '@meridian/shared/session/session-store';
import { LinkButton } from './parts/link-button';

const tags = (names: string[]) => (names.length ? names.map((name) => <Tag key={name}>{name}</Tag>) : '-');

const itemsOf = (user: User) => [
  { key: 'name', label: MESSAGES.name, children: `${user.firstName} ${user.lastName}`.trim() },
  { key: 'email', label: MESSAGES.email, children: user.emailAddress },
  { key: 'userName', label: MESSAGES.userName, children: user.userName },
  { key: 'mobile', label: MESSAGES.mobile, children: user.mobile || '-' },
  { key: 'roles', label: MESSAGES.roles, children: tags(user.roles.map((r) => r.name)) },
  { key: 'tenants', label: MESSAGES.tenants, children: tags(user.tenants.map((t) => t.name)) },
];

export default function ProfilePage() {
  const user = useSession((state) => state.user);
  // While impersonating, the password is not the administrator's to change (spec 2.6 hides it from the menu too).
  const impersonating = useSession((state) => state.impersonationStatus === 'in-progress');
  if (!user) return null;
  return (
    <PageFrame
      title={MESSAGES.profile}
      actions={
        <>
          <LinkButton to={profile.screens.edit}>{MESSAGES.editProfile}</LinkButton>
          {!impersonating && (
            <LinkButton to={profile.screens.changePassword} type="default">
              {MESSAGES.changePassword}
            </LinkButton>
          )}
        </>
      }
    >
      <Descriptions column={1} bordered items={itemsOf(user)} />
    </PageFrame>
  );
}
