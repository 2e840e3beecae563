/**
 * Who may act on whose account. One user may change, delete, restore, reset or impersonate another
 * only when everything the other holds is theirs too: the target's permissions are a subset of the
 * actor's, and only a global administrator acts on a global administrator. Without this rule an
 * administrator could reset the password of someone above them and sign in as that person.
 * Tenancy is checked before (userInScope: outside the subtree a user does not exist); rank after.
 */
import { isGlobalAdministrator } from '@meridian/shared/contract/roles';
import { MESSAGES } from '@meridian/shared/messages';
import type { Queryable } from '../../db/database';
import { USER_PRIVILEGES_SQL, type Principal } from '../../auth/principal';
import { forbidden } from '../../http/errors';

export interface Privileges {
  isGlobalAdmin: boolean;
  permissions: readonly string[];
}

/** True when `actor` holds everything `target` holds. */
export function outranksOrEquals(actor: Privileges, target: Privileges): boolean {
  if (actor.isGlobalAdmin) return true;
  if (target.isGlobalAdmin) return false;
  const held = new Set(actor.permissions.map((p) => p.toUpperCase()));
  return target.permissions.every((p) => held.has(p.toUpperCase()));
}

interface TargetRow {
  id: string;
  roles: string[];
  permissions: string[];
}

/** Roles and effective permissions (from roles and granted directly) of each user, deleted or not. */
const TARGETS_SQL = `select u.id, ${USER_PRIVILEGES_SQL} from users u where u.id = any($1::uuid[])`;

export async function privilegesOf(q: Queryable, userIds: readonly string[]): Promise<Map<string, Privileges>> {
  const rows = await q.query<TargetRow>(TARGETS_SQL, [userIds]);
  return new Map(
    rows.map((row) => [
      row.id,
      { isGlobalAdmin: isGlobalAdministrator(row.roles.map((name) => ({ name }))), permissions: row.permissions },
    ]),
  );
}

/** 403 unless the caller outranks (or equals) every one of `userIds`; acting on oneself is always allowed. */
export async function assertMayActOnUsers(q: Queryable, actor: Principal, userIds: readonly string[]) {
  const others = [...new Set(userIds)].filter((id) => id !== actor.userId);
  if (others.length === 0 || actor.isGlobalAdmin) return;
  const targets = await privilegesOf(q, others);
  for (const target of targets.values()) {
    if (!outranksOrEquals(actor, target)) throw forbidden(MESSAGES.userOutranksYou);
  }
}
