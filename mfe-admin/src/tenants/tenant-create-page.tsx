/** /admin/tenants/create (?parentId= preselects the parent): a new tenant under one the acting tenant holds. */
import { useSearchParams } from 'react-router';
import { useLoad } from '@meridian/shared/http/use-load';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { LoadPanel } from '@meridian/shared/ui/load-panel';
import { TenantForm } from './tenant-form';
import { loadActingSubtree, TENANTS_LIST_PATH } from './tenant-tree';
import { TENANT_TEXT } from './tenant-text';

export default function TenantCreatePage() {
  const [params] = useSearchParams();
  const scope = useLoad(loadActingSubtree, []);
  return (
    <PageFrame title={TENANT_TEXT.newTenant} actions={<LinkButton to={TENANTS_LIST_PATH}>{TENANT_TEXT.backToTenants}</LinkButton>}>
      <div style={{ maxWidth: 880 }}>
        <LoadPanel state={scope}>
          {(tree) => <TenantForm scope={tree.tenantsArranged} initialParentId={params.get('parentId')} />}
        </LoadPanel>
      </div>
    </PageFrame>
  );
}
