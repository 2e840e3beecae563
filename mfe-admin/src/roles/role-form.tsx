/**
 * The role form of the add and edit screens: a name, a description and the permission tree.
 *
 * The tree lists the hierarchies every loaded area brings (each remote's DomainModule `permissions`),
 * plus whatever the role already holds, so a role never silently loses a permission of an area that
 * failed to load. Each node shows the permission's name, with its code beside it, and a search keeps the
 * nodes whose name or code matches (with the nodes above them). A node's checkbox stands for that
 * hierarchy alone (checkStrictly), exactly as the server checks them: SALES does not include SALES/LEADS.
 * Ticking a node ticks the nodes under it too, as a convenience that can be undone one by one; a child
 * never ticks its parent. Only what the user holds can be ticked (a global administrator holds
 * everything); the server refuses anything else, and that refusal shows beside the tree.
 */
import { roles } from '@meridian/shared/contract/areas/admin';
import { useMemo, useState } from 'react';
import { Alert, App, Form, Input, Tree, Typography, type TreeDataNode } from 'antd';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { can, type PermissionHolder } from '@meridian/shared/contract/access';
import { roleSaveSchema, type Permission, type Role } from '@meridian/shared/contract/role';
import { permissionLabel } from '@meridian/shared/contract/permissions';
import { api } from '@meridian/shared/http/api';
import { applyFieldErrors } from '@meridian/shared/http/api-errors';
import { MESSAGES } from '@meridian/shared/messages';
import { loadedModules, useLoadedRemotes } from '@meridian/shared/module/loaded-modules';
import { permissionsOf, useSession } from '@meridian/shared/session/session-store';
import { FormAlert, FormFrame, SubmitButton, TextAreaField, TextField } from '@meridian/shared/ui/form-fields';
import { loadedHierarchies, permissionForest, type PermissionNode } from './permission-tree';
import { ADMIN_TEXT } from '../parts/admin-text';
import { noPermissionMatchesMessage, permissionsNotListedMessage, ROLE_TEXT } from './role-text';

const FIELDS = ['name', 'description', 'permissionIds'] as const;
export const ROLES_LIST_PATH = roles.screens.list;

/** A tree key for a hierarchy the server has no permission row for: shown, never sent. */
const UNKNOWN_PREFIX = 'unknown:';

function NodeTitle({ node, reason }: { node: PermissionNode; reason: string | undefined }) {
  return (
    <span title={reason}>
      <span>{permissionLabel(node.hierarchy)}</span>
      <Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: 12 }}>
        {node.hierarchy}
      </Typography.Text>
    </span>
  );
}

/** The nodes whose name or code contains `search`, each with everything under it, and the nodes above them. */
export function matchingForest(nodes: PermissionNode[], search: string): PermissionNode[] {
  const wanted = search.trim().toLowerCase();
  if (!wanted) return nodes;
  return nodes.flatMap((node) => {
    const matches = [permissionLabel(node.hierarchy), node.hierarchy].some((text) => text.toLowerCase().includes(wanted));
    if (matches) return [node];
    const children = matchingForest(node.children, wanted);
    return children.length > 0 ? [{ ...node, children }] : [];
  });
}

interface PermissionTree {
  treeData: TreeDataNode[];
  /** For each tickable node, the tickable nodes under it: what ticking it ticks too. */
  below: Map<string, string[]>;
}

function permissionTree(nodes: PermissionNode[], catalogue: Map<string, Permission>, holder: PermissionHolder): PermissionTree {
  const below = new Map<string, string[]>();
  const build = (level: PermissionNode[]): { data: TreeDataNode[]; tickable: string[] } => {
    const tickable: string[] = [];
    const data = level.map((node) => {
      const permission = catalogue.get(node.hierarchy.toUpperCase());
      const reason = !permission ? ADMIN_TEXT.permissionUnknown : !can(holder, [node.hierarchy]) ? ROLE_TEXT.permissionNotHeld : undefined;
      const key = permission?.Id ?? `${UNKNOWN_PREFIX}${node.hierarchy}`;
      const children = build(node.children);
      if (reason === undefined) {
        below.set(key, children.tickable);
        tickable.push(key);
      }
      tickable.push(...children.tickable);
      return { key, title: <NodeTitle node={node} reason={reason} />, disableCheckbox: reason !== undefined, children: children.data };
    });
    return { data, tickable };
  };
  return { treeData: build(nodes).data, below };
}

/** The ticked keys after (un)ticking `key`: the tickable nodes under it follow it. */
export function tickedAfter(ticked: readonly string[], key: string, checked: boolean, below: Map<string, string[]>): string[] {
  const family = [key, ...(below.get(key) ?? [])];
  return checked ? [...new Set([...ticked, ...family])] : ticked.filter((k) => !family.includes(k));
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
  const [search, setSearch] = useState('');

  const holder = useMemo(() => permissionsOf({ user }), [user]);
  const readOnly = role ? !mayChangeRole(role) : false;
  const forest = useMemo(
    () => permissionForest([...loadedHierarchies(loadedModules(remotes)), ...(role?.permissions.map((p) => p.hierarchy) ?? [])]),
    [remotes, role],
  );
  const byHierarchy = useMemo(() => new Map(catalogue.map((p) => [p.hierarchy.toUpperCase(), p])), [catalogue]);
  // Ticking follows the whole tree, so a parent ticked while a search hides some of its children ticks them as well.
  const { below } = useMemo(() => permissionTree(forest, byHierarchy, holder), [forest, byHierarchy, holder]);
  const { treeData } = useMemo(
    () => permissionTree(matchingForest(forest, search), byHierarchy, holder),
    [forest, search, byHierarchy, holder],
  );
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
              {forest.length === 0 ? (
                <Typography.Text type="secondary">{ROLE_TEXT.noPermissionsToShow}</Typography.Text>
              ) : (
                <>
                  <Input.Search
                    allowClear
                    placeholder={ROLE_TEXT.searchPermissions}
                    aria-label={ROLE_TEXT.searchPermissions}
                    value={search}
                    onChange={(event) => setSearch(event.target.value)}
                    style={{ marginBottom: 8, maxWidth: 400 }}
                  />
                  {treeData.length === 0 ? (
                    <Typography.Text type="secondary">{noPermissionMatchesMessage(search.trim())}</Typography.Text>
                  ) : (
                    <Tree
                      // A new search opens every node it kept.
                      key={search.trim().toLowerCase()}
                      checkable
                      checkStrictly
                      selectable={false}
                      defaultExpandAll
                      disabled={readOnly}
                      treeData={treeData}
                      checkedKeys={{ checked: field.value ?? [], halfChecked: [] }}
                      onCheck={(_checked, info) => {
                        const ticked = tickedAfter(field.value ?? [], String(info.node.key), info.checked, below);
                        field.onChange(ticked.filter((key) => !key.startsWith(UNKNOWN_PREFIX)));
                      }}
                    />
                  )}
                </>
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
