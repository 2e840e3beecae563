/**
 * Data every installation needs, demo or not: the permission catalogue, the fourteen system roles
 * with their starting permissions, and the English language strings. Safe to run at every start:
 * existing rows (and an administrator's changes to them) are left as they are.
 */
import { allPermissionHierarchies, permissionLabel } from '@meridian/shared/contract/permissions';
import { ROLE_NAMES } from '@meridian/shared/contract/roles';
import { MESSAGES } from '@meridian/shared/messages';
import type { Database } from '../db/database';
import { DEFAULT_ROLE_PERMISSIONS } from '@meridian/shared/contract/areas/role-defaults';

const titleCase = (s: string) => s.replace(/\b\w/g, (c) => c.toUpperCase());

export async function seedReferenceData(db: Database) {
  await db.tx(async (q) => {
    const hierarchies = allPermissionHierarchies();
    await q.query(
      `insert into permissions (hierarchy, name) select h, n from unnest($1::text[], $2::text[]) as x(h, n) on conflict do nothing`,
      [hierarchies, hierarchies.map(permissionLabel)],
    );
    for (const name of ROLE_NAMES) {
      const created = await q.one<{ id: string }>(
        `insert into roles (name, description, system_role) values ($1, $2, true) on conflict do nothing returning id`,
        [titleCase(name), `System role: ${name}`],
      );
      if (!created) continue;
      await q.query(
        `insert into role_permissions (role_id, permission_id) select $1, p.id from permissions p where upper(p.hierarchy) = any($2::text[])`,
        [created.id, DEFAULT_ROLE_PERMISSIONS[name].map((h) => h.toUpperCase())],
      );
    }
    await q.query(
      `insert into languages (code, name, strings) values ('en', 'English', $1) on conflict (code) do update set strings = excluded.strings`,
      [JSON.stringify(MESSAGES)],
    );
  });
}
