/** /admin/roles/add: a new role, named and given permissions from the tree of every loaded area. */
import type { Permission } from '@meridian/shared/contract/role';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { LoadPanel } from '@meridian/shared/ui/load-panel';
import { RoleForm, ROLES_LIST_PATH } from './role-form';
import { ROLE_TEXT } from './role-text';

export default function RoleAddPage() {
  const catalogue = useLoad((signal) => api.get<Permission[]>('/api/permissions', { signal }).then((r) => r.data), []);
  return (
    <PageFrame title={ROLE_TEXT.newRole} actions={<LinkButton to={ROLES_LIST_PATH}>{ROLE_TEXT.backToRoles}</LinkButton>}>
      <div style={{ maxWidth: 720 }}>
        <LoadPanel state={catalogue}>{(permissions) => <RoleForm catalogue={permissions} />}</LoadPanel>
      </div>
    </PageFrame>
  );
}
