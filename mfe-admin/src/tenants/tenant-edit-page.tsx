/** /admin/tenants/edit/:id: a tenant's name, level, parent, location, coordinates and currency; its banks for reference. */
import { useParams } from 'react-router';
import type { Tenant, TenantBank } from '@meridian/shared/contract/tenant';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { LoadPanel } from '@meridian/shared/ui/load-panel';
import { TenantForm } from './tenant-form';
import { loadActingSubtree, TENANTS_LIST_PATH } from './tenant-tree';
import { TENANT_TEXT } from './tenant-text';

export default function TenantEditPage() {
  const { id = '' } = useParams();
  const loaded = useLoad(
    async (signal) => {
      const [tenant, scope] = await Promise.all([
        api.get<Tenant & { banks: Omit<TenantBank, 'tenantId'>[] }>(`/api/tenants/${encodeURIComponent(id)}`, { signal }),
        loadActingSubtree(signal),
      ]);
      return { tenant: tenant.data, scope: scope.tenantsArranged };
    },
    [id],
  );
  return (
    <PageFrame title={TENANT_TEXT.editTenant} actions={<LinkButton to={TENANTS_LIST_PATH}>{TENANT_TEXT.backToTenants}</LinkButton>}>
      <div style={{ maxWidth: 880 }}>
        <LoadPanel state={loaded}>{({ tenant, scope }) => <TenantForm key={tenant.Id} tenant={tenant} scope={scope} />}</LoadPanel>
      </div>
    </PageFrame>
  );
}
