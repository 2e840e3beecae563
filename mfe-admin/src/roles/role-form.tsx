/**
 * The role form of the add and edit screens: a name, a description and the permission tree.
 *
 * The tree lists the hierarchies every loaded area brings (each remote's DomainModule `permissions`),
 * plus whatever the role already holds, so a role never silently loses a permission of an area that
 * failed to load. A node's checkbox stands for that hierarchy alone (checkStrictly): SALES does not
 * include SALES/LEADS, exactly as the server checks them. Only what the user holds can be ticked (a
 * global administrator holds everything); the server refuses anything else, and that refusal shows
 * beside the tree.
 */
import { roles } from '@meridian/shared/contract/areas/admin';
import { useMemo, useState } from 'react';
import { Alert, App, Form, Tree, Typography, type TreeDataNode } from 'antd';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { can, type PermissionHolder } from '@meridian/shared/contract/access';
import { roleSaveSchema, type Permission, type Role } from '@meridian/shared/contract/role';
import { api } from '@meridian/shared/http/api';
import { applyFieldErrors } from '@meridian/shared/http/api-errors';
import { MESSAGES } from '@meridian/shared/messages';
import { loadedModules, useLoadedRemotes } from '@meridian/shared/module/loaded-modules';
import { permissionsOf, useSession } from '@meridian/shared/session/session-store';
import { FormAlert, FormFrame, SubmitButton, TextAreaField, TextField } from '@meridian/shared/ui/form-fields';
import { loadedHierarchies, permissionForest, type PermissionNode } from './permission-tree';
import { ADMIN_TEXT } from '../parts/admin-text';
import { permissionsNotListedMessage, ROLE_TEXT } from './role-text';

const FIELDS = ['name', 'description', 'permissionIds'] as const;
export const ROLES_LIST_PATH = roles.screens.list;

/** A tree key for a hierarchy the server has no permission row for: shown, never sent. */
const UNKNOWN_PREFIX = 'unknown:';

function NodeTitle({ node, reason }: { node: PermissionNode; reason: string | undefined }) {
  return (
    <span title={reason}>
      <span>{node.label}</span>
      {node.label !== node.hierarchy && (
        <Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: 12 }}>
          {node.hierarchy}
        </Typography.Text>
      )}
    </span>
  );
}

function toTreeData(nodes: PermissionNode[], catalogue: Map<string, Permission>, holder: PermissionHolder): TreeDataNode[] {
  return nodes.map((node) => {
    const permission = catalogue.get(node.hierarchy.toUpperCase());
    const reason = !permission ? ADMIN_TEXT.permissionUnknown : !can(holder, [node.hierarchy]) ? ROLE_TEXT.permissionNotHeld : undefined;
    return {
      key: permission?.Id ?? `${UNKNOWN_PREFIX}${node.hierarchy}`,
      title: <NodeTitle node={node} reason={reason} />,
      disableCheckbox: reason !== undefined,
      children: toTreeData(node.children, catalogue, holder),
    };
  });
}

/** The server says whether this user may change the role (system roles, roles of a tenant above, roles holding more than they do). */
export const mayChangeRole = (role: Pick<Role, 'editable'>) => role.editable;

const readOnlyReason = (role: Pick<Role, 'systemRole' | 'tenantId'>) =>
  role.systemRole || role.tenantId === null ? MESSAGES.systemRoleReadOnly : ROLE_TEXT.roleReadOnly;

export function RoleForm({ role, catalogue }: { role?: Role; catalogue: Permission[] }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const user = useSession((state) => state.user);
  const remotes = useLoadedRemotes();
  const [failure, setFailure] = useState<string | null>(null);

  const holder = useMemo(() => permissionsOf({ user }), [user]);
  const readOnly = role ? !mayChangeRole(role) : false;
  const treeData = useMemo(() => {
    const byHierarchy = new Map(catalogue.map((p) => [p.hierarchy.toUpperCase(), p]));
    const hierarchies = [...loadedHierarchies(loadedModules(remotes)), ...(role?.permissions.map((p) => p.hierarchy) ?? [])];
    return toTreeData(permissionForest(hierarchies), byHierarchy, holder);
  }, [catalogue, remotes, role, holder]);
  const failedAreas = remotes.filter((r) => r.status === 'failed').map((r) => r.title);

  const { control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(roleSaveSchema),
    mode: 'onChange',
    defaultValues: {
      name: role?.name ?? '',
      description: role?.description ?? null,
      permissionIds: role?.permissions.map((p) => p.Id) ?? [],
    },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      if (role) {
        await api.put<Role>(`/api/roles/${encodeURIComponent(role.Id)}`, values);
        void message.success(ROLE_TEXT.roleSaved);
      } else {
        await api.post<Role>('/api/roles', values);
        void message.success(ROLE_TEXT.roleCreated);
      }
      void navigate(ROLES_LIST_PATH);
    } catch (error) {
      setFailure(applyFieldErrors(error, FIELDS, setError));
    }
  });

  return (
    <FormFrame onSubmit={submit}>
      {readOnly && role && <Alert type="info" showIcon title={readOnlyReason(role)} style={{ marginBottom: 16 }} />}
      <TextField control={control} name="name" label={MESSAGES.name} autoFocus={!role} />
      <TextAreaField control={control} name="description" label={MESSAGES.description} rows={2} />
      {failedAreas.length > 0 && (
        <Alert type="warning" showIcon title={permissionsNotListedMessage(failedAreas.join(', '))} style={{ marginBottom: 16 }} />
      )}
      <Controller
        control={control}
        name="permissionIds"
        render={({ field, fieldState }) => (
          <Form.Item
            label={ADMIN_TEXT.permissions}
            extra={ROLE_TEXT.permissionsHint}
            validateStatus={fieldState.error ? 'error' : undefined}
            help={fieldState.error?.message}
          >
            <div role="group" aria-label={ADMIN_TEXT.permissions} aria-invalid={Boolean(fieldState.error)}>
              {treeData.length === 0 ? (
                <Typography.Text type="secondary">{ROLE_TEXT.noPermissionsToShow}</Typography.Text>
              ) : (
                <Tree
                  checkable
                  checkStrictly
                  selectable={false}
                  defaultExpandAll
                  disabled={readOnly}
                  treeData={treeData}
                  checkedKeys={{ checked: field.value ?? [], halfChecked: [] }}
                  onCheck={(checked) => {
                    const keys = Array.isArray(checked) ? checked : checked.checked;
                    field.onChange(keys.map(String).filter((key) => !key.startsWith(UNKNOWN_PREFIX)));
                  }}
                />
              )}
            </div>
          </Form.Item>
        )}
      />
      <FormAlert text={failure} />
      <SubmitButton busy={formState.isSubmitting} disabled={readOnly}>
        {MESSAGES.save}
      </SubmitButton>
    </FormFrame>
  );
}
