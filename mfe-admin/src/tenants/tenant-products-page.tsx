/**
 * /admin/tenants/products/edit (?tenantId= or the tenant picker): the product catalogue grouped by
 * category, with the products the chosen tenant offers ticked (the spec's product configurator).
 * Save sends the complete set (PUT /api/tenants/{id}/products).
 */
import { useMemo, useState } from 'react';
import { Alert, App, Card, Checkbox, Col, Empty, Flex, Form, Row, TreeSelect, Typography } from 'antd';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSearchParams } from 'react-router';
import { tenantProductsSaveSchema, type CatalogueProduct, type TenantProductsSave } from '@meridian/shared/contract/tenant-product';
import { api } from '@meridian/shared/http/api';
import { applyFieldErrors } from '@meridian/shared/http/api-errors';
import { useLoad } from '@meridian/shared/http/use-load';
import { MESSAGES } from '@meridian/shared/messages';
import { FormAlert, FormFrame, SubmitButton } from '@meridian/shared/ui/form-fields';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { LoadPanel } from '@meridian/shared/ui/load-panel';
import { loadActingSubtree, tenantOptions, TENANTS_LIST_PATH } from './tenant-tree';
import { productsChosenMessage, productsLeftCatalogueMessage, TENANT_TEXT } from './tenant-text';

type Choice = TenantProductsSave['products'][number];

interface Category {
  id: string;
  name: string;
  products: CatalogueProduct[];
}

/** The catalogue by category, in the server's order (category name, then product name). */
export function byCategory(catalogue: readonly CatalogueProduct[]): Category[] {
  const categories = new Map<string, Category>();
  for (const product of catalogue) {
    const category = categories.get(product.productCategoryId) ?? {
      id: product.productCategoryId,
      name: product.productCategoryName,
      products: [],
    };
    category.products.push(product);
    categories.set(category.id, category);
  }
  return [...categories.values()];
}

const choiceOf = (p: CatalogueProduct): Choice => ({ productCategoryId: p.productCategoryId, productId: p.productId });

function ProductsForm({ tenantId, catalogue, offered }: { tenantId: string; catalogue: CatalogueProduct[]; offered: CatalogueProduct[] }) {
  const { message } = App.useApp();
  const [failure, setFailure] = useState<string | null>(null);
  const categories = useMemo(() => byCategory(catalogue), [catalogue]);
  const inCatalogue = useMemo(() => new Set(catalogue.map((p) => p.productId)), [catalogue]);
  // A product taken out of the catalogue cannot be saved again; say so rather than drop it silently.
  const leftCatalogue = offered.filter((p) => !inCatalogue.has(p.productId));

  const { control, handleSubmit, setError, reset, formState } = useForm({
    resolver: zodResolver(tenantProductsSaveSchema),
    defaultValues: { products: offered.filter((p) => inCatalogue.has(p.productId)).map(choiceOf) },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { data } = await api.put<CatalogueProduct[]>(`/api/tenants/${encodeURIComponent(tenantId)}/products`, values);
      reset({ products: data.map(choiceOf) });
      void message.success(TENANT_TEXT.productsSaved);
    } catch (error) {
      setFailure(applyFieldErrors(error, ['products'], setError));
    }
  });

  if (categories.length === 0) return <Empty description={TENANT_TEXT.catalogueEmpty} />;
  return (
    <FormFrame onSubmit={submit}>
      {leftCatalogue.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={productsLeftCatalogueMessage(leftCatalogue.map((p) => p.productName).join(', '))}
          style={{ marginBottom: 16 }}
        />
      )}
      <Controller
        control={control}
        name="products"
        render={({ field, fieldState }) => {
          const chosen = new Set(field.value.map((c) => c.productId));
          const setChosen = (next: Set<string>) => field.onChange(catalogue.filter((p) => next.has(p.productId)).map(choiceOf));
          const toggle = (ids: string[], on: boolean) => {
            const next = new Set(chosen);
            ids.forEach((id) => (on ? next.add(id) : next.delete(id)));
            setChosen(next);
          };
          return (
            <Form.Item validateStatus={fieldState.error ? 'error' : undefined} help={fieldState.error?.message}>
              <Row gutter={[16, 16]}>
                {categories.map((category) => {
                  const ids = category.products.map((p) => p.productId);
                  const count = ids.filter((id) => chosen.has(id)).length;
                  return (
                    <Col key={category.id} xs={24} md={12} xl={8}>
                      <Card
                        size="small"
                        title={<span id={`category-${category.id}`}>{category.name}</span>}
                        extra={
                          <Checkbox
                            checked={count === ids.length}
                            indeterminate={count > 0 && count < ids.length}
                            onChange={(event) => toggle(ids, event.target.checked)}
                            aria-label={`${TENANT_TEXT.selectAllInCategory}: ${category.name}`}
                          >
                            {TENANT_TEXT.selectAllInCategory}
                          </Checkbox>
                        }
                      >
                        <Flex vertical gap={4} role="group" aria-labelledby={`category-${category.id}`}>
                          {category.products.map((product) => (
                            <Checkbox
                              key={product.productId}
                              checked={chosen.has(product.productId)}
                              onChange={(event) => toggle([product.productId], event.target.checked)}
                            >
                              {product.productName} <Typography.Text type="secondary">{product.productCode}</Typography.Text>
                            </Checkbox>
                          ))}
                          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                            {productsChosenMessage(count, ids.length)}
                          </Typography.Text>
                        </Flex>
                      </Card>
                    </Col>
                  );
                })}
              </Row>
            </Form.Item>
          );
        }}
      />
      <FormAlert text={failure} />
      <SubmitButton busy={formState.isSubmitting}>{MESSAGES.save}</SubmitButton>
    </FormFrame>
  );
}

function TenantProducts({ tenantId }: { tenantId: string }) {
  const loaded = useLoad(
    async (signal) => {
      const [catalogue, offered] = await Promise.all([
        api.get<CatalogueProduct[]>('/api/tenants/products/catalogue', { signal }),
        api.get<CatalogueProduct[]>(`/api/tenants/${encodeURIComponent(tenantId)}/products`, { signal }),
      ]);
      return { catalogue: catalogue.data, offered: offered.data };
    },
    [tenantId],
  );
  return (
    <LoadPanel state={loaded}>
      {({ catalogue, offered }) => <ProductsForm key={tenantId} tenantId={tenantId} catalogue={catalogue} offered={offered} />}
    </LoadPanel>
  );
}

export default function TenantProductsPage() {
  const [params, setParams] = useSearchParams();
  const tenantId = params.get('tenantId');
  const scope = useLoad(loadActingSubtree, []);
  const options = useMemo(() => (scope.status === 'loaded' ? tenantOptions(scope.data.tenantsArranged) : []), [scope]);

  return (
    <PageFrame
      title={TENANT_TEXT.tenantProductsTitle}
      actions={<LinkButton to={TENANTS_LIST_PATH}>{TENANT_TEXT.backToTenants}</LinkButton>}
    >
      <Flex vertical gap={16}>
        <TreeSelect<string>
          aria-label={TENANT_TEXT.chooseTenant}
          placeholder={TENANT_TEXT.chooseTenant}
          value={tenantId ?? undefined}
          onChange={(value) => setParams(value ? { tenantId: value } : {}, { replace: true })}
          treeData={options}
          treeDefaultExpandAll
          loading={scope.status === 'loading'}
          showSearch={{ treeNodeFilterProp: 'title' }}
          style={{ maxWidth: 480, width: '100%' }}
        />
        {tenantId ? (
          <TenantProducts tenantId={tenantId} />
        ) : (
          <Typography.Text type="secondary">{TENANT_TEXT.chooseTenantForProducts}</Typography.Text>
        )}
      </Flex>
    </PageFrame>
  );
}
