/**
 * /admin/api-users/add and /api-user/add: a new API user of the acting tenant, with a name, the
 * permissions its key acts with (only ones the administrator holds) and an optional expiry. The key
 * is shown once, in a dialog with a copy button, and never again.
 */
import { useState } from 'react';
import { App, Form, Input, Tree } from 'antd';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { apiUserCreateSchema, type ApiUserCreated } from '@meridian/shared/contract/api-user';
import type { PermissionRef } from '@meridian/shared/contract/user';
import { api } from '@meridian/shared/http/api';
import { applyFieldErrors } from '@meridian/shared/http/api-errors';
import { MESSAGES } from '@meridian/shared/messages';
import { FormAlert, FormFrame, SubmitButton, TextField } from '@meridian/shared/ui/form-fields';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { LoadPanel } from '@meridian/shared/ui/load-panel';
import { ApiKeyModal } from './api-key-modal';
import { API_USERS_LIST_PATH } from './api-user-paths';
import { UNKNOWN_PERMISSION_PREFIX, useGrantableCatalogue, useGrantableTree } from './grantable-permissions';
import { ADMIN_TEXT } from '../parts/admin-text';
import { API_USER_TEXT } from './api-user-text';

const FIELDS = ['name', 'permissionIds', 'expiresAt'] as const;

/** `YYYY-MM-DDTHH:mm` in local time, as a datetime-local input writes it. */
const localInputValue = (date: Date) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

function ApiUserForm({ catalogue, onCreated }: { catalogue: PermissionRef[]; onCreated(created: ApiUserCreated): void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const treeData = useGrantableTree(catalogue);
  const { control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(apiUserCreateSchema),
    mode: 'onChange',
    defaultValues: { name: '', permissionIds: [], expiresAt: null },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { data } = await api.post<ApiUserCreated>('/api/api-users', values);
      onCreated(data);
    } catch (error) {
      setFailure(applyFieldErrors(error, FIELDS, setError));
    }
  });

  return (
    <FormFrame onSubmit={submit}>
      <TextField control={control} name="name" label={MESSAGES.name} autoComplete="off" autoFocus extra={API_USER_TEXT.apiUserNameHint} />
      <Controller
        control={control}
        name="permissionIds"
        render={({ field, fieldState }) => (
          <Form.Item
            label={ADMIN_TEXT.permissions}
            extra={API_USER_TEXT.apiUserPermissionsHint}
            validateStatus={fieldState.error ? 'error' : undefined}
            help={fieldState.error?.message}
          >
            <div role="group" aria-label={ADMIN_TEXT.permissions} aria-invalid={Boolean(fieldState.error)}>
              {treeData.length === 0 ? (
                <span>{API_USER_TEXT.noGrantablePermissions}</span>
              ) : (
                <Tree
                  checkable
                  // A permission does not include the ones under it, as the server checks them.
                  checkStrictly
                  selectable={false}
                  defaultExpandAll
                  treeData={treeData}
                  checkedKeys={{ checked: field.value ?? [], halfChecked: [] }}
                  onCheck={(checked) => {
                    const keys = Array.isArray(checked) ? checked : checked.checked;
                    field.onChange(keys.map(String).filter((key) => !key.startsWith(UNKNOWN_PERMISSION_PREFIX)));
                  }}
                />
              )}
            </div>
          </Form.Item>
        )}
      />
      <Controller
        control={control}
        name="expiresAt"
        render={({ field, fieldState }) => (
          <Form.Item
            label={API_USER_TEXT.apiKeyExpiresOptional}
            htmlFor="api-user-expires-at"
            extra={API_USER_TEXT.apiKeyExpiresHint}
            validateStatus={fieldState.error ? 'error' : undefined}
            help={fieldState.error?.message}
          >
            <Input
              id="api-user-expires-at"
              type="datetime-local"
              ref={field.ref}
              name={field.name}
              min={localInputValue(new Date())}
              value={typeof field.value === 'string' ? field.value : ''}
              // An emptied field means no expiry; a local date-time is read as the browser's time.
              onChange={(event) => field.onChange(event.target.value === '' ? null : event.target.value)}
              onBlur={field.onBlur}
              status={fieldState.error ? 'error' : undefined}
              aria-invalid={Boolean(fieldState.error)}
              style={{ maxWidth: 280 }}
            />
          </Form.Item>
        )}
      />
      <FormAlert text={failure} />
      <SubmitButton busy={formState.isSubmitting}>{API_USER_TEXT.createApiUser}</SubmitButton>
    </FormFrame>
  );
}

export default function ApiUserAddPage() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const catalogue = useGrantableCatalogue();
  const [created, setCreated] = useState<ApiUserCreated | null>(null);
  return (
    <PageFrame title={API_USER_TEXT.newApiUser} actions={<LinkButton to={API_USERS_LIST_PATH}>{API_USER_TEXT.backToApiUsers}</LinkButton>}>
      <div style={{ maxWidth: 720 }}>
        <LoadPanel state={catalogue}>{(permissions) => <ApiUserForm catalogue={permissions} onCreated={setCreated} />}</LoadPanel>
      </div>
      {created && (
        <ApiKeyModal
          created={created}
          onClose={() => {
            // The key leaves memory with the dialog.
            setCreated(null);
            void message.success(API_USER_TEXT.apiUserCreatedShort);
            void navigate(API_USERS_LIST_PATH);
          }}
        />
      )}
    </PageFrame>
  );
}
