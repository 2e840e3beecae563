/**
 * The tenant form of the create and edit screens. The contract's tenantCreateSchema checks the fields
 * and its type rules (a group has no parent; a branch or team needs one; a company may stand alone);
 * this form adds what needs the tree the page loaded, as the server checks it: a tenant sits under a
 * tenant of a higher level (Group > Company > Branch > Team), stays above its own sub-tenants, and only
 * a global administrator makes a tenant top-level. Coordinates are typed or picked on the map; the two
 * stay in step. A refusal from the server keeps what was typed.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { App, Col, Form, Row, TreeSelect, Typography } from 'antd';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { TENANT_TYPE } from '@meridian/shared/constants';
import { isGlobalAdministrator } from '@meridian/shared/contract/roles';
import { tenantCreateSchema, type Tenant, type TenantBank, type TenantCurrency, type TenantNode } from '@meridian/shared/contract/tenant';
import { api } from '@meridian/shared/http/api';
import { sessionStore } from '@meridian/shared/session/session-store';
import { applyFieldErrors } from '@meridian/shared/http/api-errors';
import { useLoad } from '@meridian/shared/http/use-load';
import { MESSAGES } from '@meridian/shared/messages';
import { requestTenantId, useSession } from '@meridian/shared/session/session-store';
import {
  FormAlert,
  FormFrame,
  NumberField,
  SelectField,
  SubmitButton,
  SwitchField,
  TextField,
  type Choice,
} from '@meridian/shared/ui/form-fields';
import { MapPicker } from '@meridian/shared/ui/map-picker';
import { byId, mayHaveChildren, nearestPosition, tenantOptions, TENANTS_LIST_PATH, typeName, walk, type TenantOption } from './tenant-tree';
import { inheritedCurrencyMessage, TENANT_TEXT, tenantTypeAboveChildrenMessage, tenantTypeUnderParentMessage } from './tenant-text';
import { ADMIN_TEXT } from '../parts/admin-text';

const FIELDS = [
  'name',
  'type',
  'parentId',
  'shortCode',
  'locationRequired',
  'location',
  'lat',
  'lng',
  'currencyCode',
  'currencySymbol',
] as const;

const TYPE_CHOICES: Choice<number>[] = Object.values(TENANT_TYPE).map((value) => ({ value, label: typeName(value) }));

interface Rules {
  /** Every tenant the page knows, by id (the acting subtree). */
  tenants: Map<string, TenantNode>;
  /** The tenant being edited; absent when creating. */
  editing?: Tenant;
  /** The highest level among the edited tenant's sub-tenants (lowest type number). */
  highestChildType: number | null;
  globalAdministrator: boolean;
}

/** The contract's schema plus the rules that need the tree (the server's rules, checked before sending). */
export function tenantFormSchema({ tenants, editing, highestChildType, globalAdministrator }: Rules) {
  return tenantCreateSchema.superRefine((t, ctx) => {
    const parent = t.parentId ? tenants.get(t.parentId) : undefined;
    if (parent && parent.type >= t.type) {
      ctx.addIssue({ code: 'custom', path: ['type'], message: tenantTypeUnderParentMessage(typeName(t.type), typeName(parent.type)) });
    }
    if (highestChildType != null && highestChildType <= t.type) {
      ctx.addIssue({ code: 'custom', path: ['type'], message: tenantTypeAboveChildrenMessage(typeName(highestChildType)) });
    }
    const becomesTopLevel = !t.parentId && (!editing || editing.parentId !== null);
    if (becomesTopLevel && !globalAdministrator && t.type <= TENANT_TYPE.COMPANY) {
      ctx.addIssue({ code: 'custom', path: ['parentId'], message: TENANT_TEXT.topLevelNeedsGlobalAdmin });
    }
    if ((t.lat == null) !== (t.lng == null)) {
      ctx.addIssue({ code: 'custom', path: [t.lat == null ? 'lat' : 'lng'], message: TENANT_TEXT.coordinatesBoth });
    }
  });
}

export interface TenantFormProps {
  /** The acting tenant's subtree: the parents a tenant may have. */
  scope: TenantNode[];
  /** The tenant to edit; absent when creating. */
  tenant?: Tenant;
  /** Creating: the parent chosen before the form opened (?parentId=). */
  initialParentId?: string | null;
}

/**
 * A new tenant's parent: the one the address names (?parentId=), else, for anyone who may not create a
 * top-level tenant, the tenant they act for; either only if it can take a sub-tenant.
 */
function firstParent(tenants: Map<string, TenantNode>, ...candidates: (string | null | undefined)[]): string | null {
  const usable = candidates.find((id) => id && tenants.has(id) && mayHaveChildren(tenants.get(id)!.type));
  return usable ?? null;
}

/** A new tenant's type: the level below its parent, or a company at the top. */
const typeBelow = (parent: TenantNode | undefined) =>
  (parent ? Math.min(parent.type + 1, TENANT_TYPE.TEAM) : TENANT_TYPE.COMPANY) as Tenant['type'];

export function TenantForm({ scope, tenant, initialParentId = null }: TenantFormProps) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const globalAdministrator = useSession((state) => isGlobalAdministrator(state.user?.roles ?? []));
  const actingTenantId = useSession(requestTenantId);
  const [failure, setFailure] = useState<string | null>(null);
  const parentFieldId = useId();

  const tenants = useMemo(() => byId(scope), [scope]);
  const own = tenant ? tenants.get(tenant.Id) : undefined;
  /** Editing: the tenant itself and everything beneath it cannot become its parent. */
  const beneath = useMemo(() => new Set(own ? [...walk([own])].map((n) => n.Id) : []), [own]);
  const highestChildType = own?.children.length ? Math.min(...own.children.map((c) => c.type)) : null;
  const schema = useMemo(
    () => tenantFormSchema({ tenants, editing: tenant, highestChildType, globalAdministrator }),
    [tenants, tenant, highestChildType, globalAdministrator],
  );

  const parentOptions = useMemo(() => {
    const options: TenantOption[] = tenantOptions(scope, (n) => beneath.has(n.Id) || !mayHaveChildren(n.type));
    // The acting tenant's own parent lies outside the subtree: show it as the unchangeable choice it is.
    if (tenant?.parentId && !tenants.has(tenant.parentId))
      options.unshift({ value: tenant.parentId, title: TENANT_TEXT.parentOutsideActing, disabled: true, children: [] });
    return options;
  }, [scope, beneath, tenant, tenants]);

  const startParent = tenant ? tenant.parentId : firstParent(tenants, initialParentId, globalAdministrator ? null : actingTenantId);
  const { control, handleSubmit, setError, setValue, trigger, formState } = useForm({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: {
      name: tenant?.name ?? '',
      type: tenant?.type ?? typeBelow(startParent ? tenants.get(startParent) : undefined),
      parentId: startParent,
      shortCode: tenant?.shortCode ?? null,
      locationRequired: tenant?.locationRequired ?? false,
      location: tenant?.location ?? null,
      lat: tenant?.lat ?? null,
      lng: tenant?.lng ?? null,
      currencyCode: tenant?.currencyCode ?? null,
      currencySymbol: tenant?.currencySymbol ?? null,
    },
  });

  const [type, parentId, lat, lng] = useWatch({ control, name: ['type', 'parentId', 'lat', 'lng'] });
  // Type and parent are checked together: a change of either can make the other one right or wrong.
  const linkedChange = useRef(false);
  useEffect(() => {
    if (linkedChange.current) void trigger(['type', 'parentId']);
    linkedChange.current = true;
  }, [type, parentId, trigger]);

  const inherited = useLoad(
    (signal) =>
      parentId
        ? api.get<TenantCurrency>(`/api/tenants/tenantCurrency/${encodeURIComponent(parentId)}`, { signal }).then((r) => r.data)
        : Promise.resolve(null),
    [parentId],
  );
  const inheritedCurrency =
    inherited.status === 'loaded' && inherited.data
      ? inheritedCurrencyMessage(inherited.data.currencySymbol, inherited.data.currencyCode)
      : undefined;

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      if (tenant) {
        await api.put<Tenant>(`/api/tenants/${encodeURIComponent(tenant.Id)}`, values);
        void message.success(TENANT_TEXT.tenantSaved);
      } else {
        await api.post<Tenant>('/api/tenants', values);
        void message.success(TENANT_TEXT.tenantCreated);
      }
      sessionStore.getState().tenantsChanged();
      void navigate(TENANTS_LIST_PATH);
    } catch (error) {
      setFailure(applyFieldErrors(error, FIELDS, setError));
    }
  });

  const pick = (position: { lat: number; lng: number }) => {
    setValue('lat', position.lat, { shouldDirty: true, shouldValidate: true });
    setValue('lng', position.lng, { shouldDirty: true, shouldValidate: true });
  };

  return (
    <FormFrame onSubmit={submit}>
      <TextField control={control} name="name" label={MESSAGES.name} autoFocus={!tenant} />
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <SelectField control={control} name="type" label={TENANT_TEXT.tenantType} options={TYPE_CHOICES} />
        </Col>
        <Col xs={24} md={12}>
          <Controller
            control={control}
            name="parentId"
            render={({ field, fieldState }) => (
              <Form.Item
                label={TENANT_TEXT.parentTenant}
                htmlFor={parentFieldId}
                validateStatus={fieldState.error ? 'error' : undefined}
                help={fieldState.error?.message}
              >
                <TreeSelect<string | null>
                  id={parentFieldId}
                  ref={field.ref}
                  value={field.value ?? null}
                  onChange={(value) => field.onChange(value ?? null)}
                  onBlur={field.onBlur}
                  treeData={parentOptions}
                  treeDefaultExpandAll
                  allowClear
                  placeholder={TENANT_TEXT.noParentTenant}
                  showSearch={{ treeNodeFilterProp: 'title' }}
                  status={fieldState.error ? 'error' : undefined}
                  aria-invalid={Boolean(fieldState.error)}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            )}
          />
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <TextField control={control} name="shortCode" label={TENANT_TEXT.shortCode} emptyAsNull />
        </Col>
        <Col xs={24} md={12}>
          <SwitchField
            control={control}
            name="locationRequired"
            label={TENANT_TEXT.locationRequired}
            extra={TENANT_TEXT.locationRequiredHint}
          />
        </Col>
      </Row>
      <TextField control={control} name="location" label={MESSAGES.location} emptyAsNull />
      {/* The map first: when its tiles cannot load, its notice sends the user to the fields below it. */}
      <Form.Item extra={ADMIN_TEXT.mapPickHint}>
        <MapPicker lat={lat} lng={lng} onPick={pick} center={nearestPosition(tenants, parentId)} label={MESSAGES.mapLabel} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <NumberField control={control} name="lat" label={MESSAGES.latitude} step={0.0001} extra={TENANT_TEXT.coordinatesHint} />
        </Col>
        <Col xs={24} md={12}>
          <NumberField control={control} name="lng" label={MESSAGES.longitude} step={0.0001} />
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <TextField control={control} name="currencyCode" label={ADMIN_TEXT.currencyCode} emptyAsNull extra={inheritedCurrency} />
        </Col>
        <Col xs={24} md={12}>
          <TextField control={control} name="currencySymbol" label={ADMIN_TEXT.currencySymbol} emptyAsNull />
        </Col>
      </Row>
      {tenant && <TenantBanks tenantId={tenant.Id} />}
      <FormAlert text={failure} />
      <SubmitButton busy={formState.isSubmitting}>{MESSAGES.save}</SubmitButton>
    </FormFrame>
  );
}

/** The banks the tenant uses: its own, or those of the nearest tenant above that keeps some. Read-only: no call changes them. */
function TenantBanks({ tenantId }: { tenantId: string }) {
  const banks = useLoad(
    (signal) => api.get<TenantBank[]>(`/api/tenants/tenant-banks/${encodeURIComponent(tenantId)}`, { signal }).then((r) => r.data),
    [tenantId],
  );
  if (banks.status !== 'loaded') return null;
  return (
    <Form.Item label={TENANT_TEXT.banks} extra={TENANT_TEXT.banksReadOnly}>
      {banks.data.length === 0 ? (
        <Typography.Text type="secondary">{TENANT_TEXT.noBanks}</Typography.Text>
      ) : (
        <ul aria-label={TENANT_TEXT.banks} style={{ margin: 0, paddingInlineStart: 20 }}>
          {banks.data.map((bank) => (
            <li key={bank.Id}>
              {bank.name}
              {bank.code && <Typography.Text type="secondary">{` ${bank.code}`}</Typography.Text>}
              {bank.tenantId !== tenantId && <Typography.Text type="secondary">{` (${TENANT_TEXT.fromTenantAbove})`}</Typography.Text>}
            </li>
          ))}
        </ul>
      )}
    </Form.Item>
  );
}
