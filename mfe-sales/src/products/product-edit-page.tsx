/**
 * A loan product's page (/products/:id/edit): the product form with its schedule preview, and its history.
 * A save shows the saved product at once (the form starts again from what the server kept); a refused one
 * keeps what was typed.
 */
import { useState } from 'react';
import { Tabs } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useParams } from 'react-router';
import { products } from '@meridian/shared/contract/areas/sales';
import type { LoanProductDetails } from '@meridian/shared/contract/loan-product';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { useCan } from '@meridian/shared/session/use-can';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { LoadPanel } from '@meridian/shared/ui/load-panel';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { useAddressFilter } from '@meridian/shared/ui/use-address-filter';
import { ProductStatusTag } from './product-columns';
import { ProductForm } from './product-form';
import { ProductHistory } from './product-history';
import { PRODUCTS_API, PRODUCTS_LIST_PATH } from './product-paths';
import { PRODUCT_TEXT } from './product-text';

const TABS = ['product', 'history'] as const;

function ProductView({ loaded }: { loaded: LoanProductDetails }) {
  const canEdit = useCan(products, 'edit');
  const [saved, setSaved] = useState<LoanProductDetails | null>(null);
  const [tab, setTab] = useAddressFilter('tab', TABS);
  const product = saved ?? loaded;
  return (
    <PageFrame
      title={product.name}
      subtitle={
        <>
          {product.productCategoryName} · {product.tenantName} <ProductStatusTag active={product.active} />
        </>
      }
      actions={
        <LinkButton to={PRODUCTS_LIST_PATH} icon={<ArrowLeftOutlined />}>
          {PRODUCT_TEXT.backToList}
        </LinkButton>
      }
    >
      <Tabs
        activeKey={tab || 'product'}
        onChange={(next) => setTab(next === 'product' ? '' : next)}
        items={[
          {
            key: 'product',
            label: PRODUCT_TEXT.product,
            // A new key once saved: the form starts again from the product the server answered.
            children: <ProductForm key={product.dateModified} product={product} onSaved={setSaved} canSave={canEdit} wide />,
          },
          {
            key: 'history',
            label: PRODUCT_TEXT.history,
            children: <ProductHistory history={product.history} currency={product.currency} />,
          },
        ]}
      />
    </PageFrame>
  );
}

export default function ProductEditPage() {
  const { id = '' } = useParams();
  const state = useLoad(async (signal) => (await api.get<LoanProductDetails>(PRODUCTS_API.one(id), { signal })).data, [id]);
  return <LoadPanel state={state}>{(product) => <ProductView loaded={product} />}</LoadPanel>;
}
