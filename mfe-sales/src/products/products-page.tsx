/**
 * Loan products (/products, ADMIN/PRODUCTS): the tenant's catalogue paged, sorted and searched on the server
 * with the API's own parameters, filtered by status (kept in the address); "New product" opens the form in a
 * drawer and, once created, the product's own page. Tabs for the product categories and the spec's product
 * configurator.
 */
import { useState } from 'react';
import { Button, Tabs } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { products } from '@meridian/shared/contract/areas/sales';
import type { LoanProduct } from '@meridian/shared/contract/loan-product';
import { useCan } from '@meridian/shared/session/use-can';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { FilterSelect } from '@meridian/shared/ui/filter-select';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { PagedTable } from '@meridian/shared/ui/paged-table';
import { useAddressFilter } from '@meridian/shared/ui/use-address-filter';
import { CategoriesTab } from './categories-tab';
import { ConfiguratorTab } from './configurator-tab';
import { productColumns } from './product-columns';
import { NewProductDrawer } from './product-form';
import { editProductPath, PRODUCTS_API } from './product-paths';
import { PRODUCT_TEXT } from './product-text';

const DEFAULT_SORT = { field: 'name', order: 'ASC' } as const;
const STATUSES = ['true', 'false'] as const;
const STATUS_CHOICES = [
  { value: '', label: PRODUCT_TEXT.allStatuses },
  { value: 'true', label: PRODUCT_TEXT.activeOnly },
  { value: 'false', label: PRODUCT_TEXT.inactiveOnly },
];
const TABS = ['products', 'categories', 'configurator'] as const;

function ProductsTable() {
  const format = useTenantFormat();
  const canEdit = useCan(products, 'edit');
  const [active, setActive] = useAddressFilter('active', STATUSES);
  return (
    <PagedTable<LoanProduct>
      url={PRODUCTS_API.list}
      filters={{ active: active || undefined }}
      columns={productColumns(format, canEdit)}
      rowKey={(p) => p.id}
      label={PRODUCT_TEXT.products}
      emptyText={PRODUCT_TEXT.noProducts}
      searchPlaceholder={PRODUCT_TEXT.searchProducts}
      defaultSort={DEFAULT_SORT}
      tableId="sales-loan-products"
      toolbar={<FilterSelect label={PRODUCT_TEXT.filterByStatus} value={active} options={STATUS_CHOICES} onChange={setActive} />}
    />
  );
}

export default function ProductsPage() {
  const navigate = useNavigate();
  const canCreate = useCan(products, 'create');
  const [tab, setTab] = useAddressFilter('tab', TABS);
  const [creating, setCreating] = useState(false);

  return (
    <PageFrame
      title={PRODUCT_TEXT.products}
      actions={
        canCreate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            {PRODUCT_TEXT.newProduct}
          </Button>
        )
      }
    >
      <Tabs
        activeKey={tab || 'products'}
        onChange={(next) => setTab(next === 'products' ? '' : next)}
        items={[
          { key: 'products', label: PRODUCT_TEXT.productsTab, children: <ProductsTable /> },
          { key: 'categories', label: PRODUCT_TEXT.categoriesTab, children: <CategoriesTab /> },
          { key: 'configurator', label: PRODUCT_TEXT.configuratorTab, children: <ConfiguratorTab /> },
        ]}
      />
      <NewProductDrawer open={creating} onClose={() => setCreating(false)} onSaved={(saved) => void navigate(editProductPath(saved.id))} />
    </PageFrame>
  );
}
