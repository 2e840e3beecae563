/** /admin/roles/edit/:id: a role's name, description and permissions. */
import { useParams } from 'react-router';
import type { Permission, Role } from '@meridian/shared/contract/role';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { LoadPanel } from '@meridian/shared/ui/load-panel';
import { RoleForm, ROLES_LIST_PATH } from './role-form';
import { ROLE_TEXT } from './role-text';

export default function RoleEditPage() {
  const { id = '' } = useParams();
  const loaded = useLoad(
    async (signal) => {
      const [role, catalogue] = await Promise.all([
        api.get<Role>(`/api/roles/${encodeURIComponent(id)}`, { signal }),
        api.get<Permission[]>('/api/permissions', { signal }),
      ]);
      return { role: role.data, catalogue: catalogue.data };
    },
    [id],
  );
  return (
    <PageFrame title={ROLE_TEXT.editRole} actions={<LinkButton to={ROLES_LIST_PATH}>{ROLE_TEXT.backToRoles}</LinkButton>}>
      <div style={{ maxWidth: 720 }}>
        <LoadPanel state={loaded}>{({ role, catalogue }) => <RoleForm key={role.Id} role={role} catalogue={catalogue} />}</LoadPanel>
      </div>
    </PageFrame>
  );
}
