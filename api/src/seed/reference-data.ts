/**
 * Data every installation needs, demo or not: the permission catalogue, the fourteen system roles
 * with their starting permissions, the English language strings, the tracker hardware the device
 * listeners speak to, and the countries. Safe to run at every start:
 * existing rows (and an administrator's changes to them) are left as they are.
 */
import { allPermissionHierarchies, permissionLabel } from '@meridian/shared/contract/permissions';
import { ROLE_NAMES } from '@meridian/shared/contract/roles';
import { MESSAGES } from '@meridian/shared/messages';
import type { Database } from '../db/database';
import { DEFAULT_ROLE_PERMISSIONS } from '@meridian/shared/contract/areas/role-defaults';
import { COUNTRIES } from './countries';

/** Trackers the listeners speak to: Teltonika's vehicle trackers over TCP, and phones running Traccar Client over OsmAnd's HTTP. */
export const DEVICE_HARDWARE: readonly { make: string; model: string; protocol: 'teltonika' | 'osmand'; description: string }[] = [
  { make: 'Teltonika', model: 'FMB130', protocol: 'teltonika', description: 'Vehicle tracker with CAN adapter support, 2G' },
  { make: 'Teltonika', model: 'FMB920', protocol: 'teltonika', description: 'Compact vehicle tracker with internal antennas, 2G' },
  { make: 'Teltonika', model: 'FMC130', protocol: 'teltonika', description: 'Vehicle tracker with CAN adapter support, 4G LTE Cat 1' },
  { make: 'Traccar', model: 'Traccar Client (Android)', protocol: 'osmand', description: 'Phone app reporting over the OsmAnd protocol' },
  { make: 'Traccar', model: 'Traccar Client (iOS)', protocol: 'osmand', description: 'Phone app reporting over the OsmAnd protocol' },
];

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
      `insert into device_hardware (make, model, protocol, description)
       select * from unnest($1::text[], $2::text[], $3::text[], $4::text[]) on conflict (make, model) do nothing`,
      [
        DEVICE_HARDWARE.map((h) => h.make),
        DEVICE_HARDWARE.map((h) => h.model),
        DEVICE_HARDWARE.map((h) => h.protocol),
        DEVICE_HARDWARE.map((h) => h.description),
      ],
    );
    await q.query(
      `insert into countries (code, name, dialling_code, currency_code)
       select * from unnest($1::text[], $2::text[], $3::text[], $4::text[]) on conflict (code) do nothing`,
      [0, 1, 2, 3].map((column) => COUNTRIES.map((country) => country[column])),
    );
    await q.query(
      `insert into languages (code, name, strings) values ('en', 'English', $1) on conflict (code) do update set strings = excluded.strings`,
      [JSON.stringify(MESSAGES)],
    );
  });
}
