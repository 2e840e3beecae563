/**
 * Assets (/tracking/assets): the vehicles of the acting subtree, each named by its registration number
 * and make, paged, sorted and searched on the server, filtered by status, group and category (kept in
 * the address so a filtered list can be shared). New assets and edits in a drawer; delete asks first.
 * Each row leads to the asset's page with its panel.
 */
import { useState } from 'react';
import { Button, Select } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { assets } from '@meridian/shared/contract/areas/tracking';
import { ASSET_STATUSES, type Asset } from '@meridian/shared/contract/asset';
import { api } from '@meridian/shared/http/api';
import { MESSAGES } from '@meridian/shared/messages';
import { useCan } from '@meridian/shared/session/use-can';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { PagedTable } from '@meridian/shared/ui/paged-table';
import { useConfirmedAction } from '@meridian/shared/ui/use-confirmed-action';
import { useAddressFilter } from '@meridian/shared/ui/use-address-filter';
import { ASSET_API } from './asset-api';
import { assetColumns } from './asset-columns';
import { AssetDrawer } from './asset-form';
import { ASSET_TEXT, deleteAssetQuestion, STATUS_LABELS } from './asset-text';
import { useCatalogueChoices } from './use-asset-choices';

const DEFAULT_SORT = { field: 'name', order: 'ASC' } as const;
const STATUS_CHOICES = [
  { value: '', label: ASSET_TEXT.allStatuses },
  ...ASSET_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status]! })),
];

export default function AssetsPage() {
  const format = useTenantFormat();
  const canCreate = useCan(assets, 'create');
  const canEdit = useCan(assets, 'edit');
  const canDelete = useCan(assets, 'delete');
  const catalogue = useCatalogueChoices();
  const [status, setStatus] = useAddressFilter('status', ASSET_STATUSES);
  const [group, setGroup] = useAddressFilter('group');
  const [category, setCategory] = useAddressFilter('category');
  // undefined: closed; null: a new asset.
  const [editing, setEditing] = useState<Asset | null | undefined>(undefined);
  const [saved, setSaved] = useState(0);
  const { confirmAction, reloadToken } = useConfirmedAction();

  const confirmDelete = (asset: Asset) =>
    confirmAction({
      question: deleteAssetQuestion(asset.name),
      detail: ASSET_TEXT.deleteAssetDetail,
      okText: MESSAGES.deleteAction,
      call: () => api.delete(ASSET_API.remove(asset.id)),
      done: ASSET_TEXT.assetDeleted,
    });

  return (
    <PageFrame
      title={ASSET_TEXT.assets}
      actions={
        canCreate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            {ASSET_TEXT.newAsset}
          </Button>
        )
      }
    >
      <PagedTable<Asset>
        url={ASSET_API.list}
        filters={{ assetStatus: status || undefined, assetGroup: group || undefined, assetCategory: category || undefined }}
        columns={assetColumns(format, { canEdit, canDelete, onEdit: setEditing, onDelete: confirmDelete })}
        rowKey={(a) => a.id}
        label={ASSET_TEXT.assets}
        emptyText={ASSET_TEXT.noAssets}
        searchPlaceholder={ASSET_TEXT.searchAssets}
        defaultSort={DEFAULT_SORT}
        reloadToken={reloadToken + saved}
        tableId="tracking-assets"
        toolbar={
          <>
            <Select
              aria-label={ASSET_TEXT.filterByStatus}
              value={status}
              options={STATUS_CHOICES}
              onChange={setStatus}
              style={{ minWidth: 140 }}
            />
            <Select
              aria-label={ASSET_TEXT.filterByGroup}
              value={group}
              options={[{ value: '', label: ASSET_TEXT.allGroups }, ...catalogue.groups]}
              onChange={setGroup}
              style={{ minWidth: 160 }}
            />
            <Select
              aria-label={ASSET_TEXT.filterByCategory}
              value={category}
              options={[{ value: '', label: ASSET_TEXT.allCategories }, ...catalogue.categories]}
              onChange={setCategory}
              style={{ minWidth: 160 }}
            />
          </>
        }
      />
      <AssetDrawer
        asset={editing}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          setSaved((n) => n + 1);
        }}
      />
    </PageFrame>
  );
}
