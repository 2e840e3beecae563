/**
 * The shared package's stateful modules (the session store, the http client, the offline sync, the
 * realtime socket) must exist once in the browser: the shell's copy, handed to every remote by module
 * federation. A remote bundles its own copy only as the fallback of that share, which is never loaded
 * while the shell provides it. A shared module importing another by a relative path would bundle a private
 * copy into the remote instead (a second session store that misses token renewals, a second sync
 * that no screen follows); this reads the built remotes and finds each such module's code only in
 * the chunks of its share's fallback.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

const ROOT = path.resolve(import.meta.dirname, '../..');
const REMOTES = ['sales', 'comms', 'reports', 'admin', 'tracking', 'vehicles'];

/** A line of code only that module has, and the share it is reached through. */
const STATEFUL = [
  { shareKey: '@meridian/shared/session/session-store', marker: "'meridian.session'" },
  { shareKey: '@meridian/shared/http/api', marker: 'x-ui-version' },
  { shareKey: '@meridian/shared/offline/field-sync', marker: 'prod_meridian_field_' },
  { shareKey: '@meridian/shared/realtime/realtime-connection', marker: "'[realtime] connection refused:'" },
  { shareKey: '@meridian/shared/session/tenant-settings', marker: "'[tenant-settings]" },
];

/** The chunks a share's fallback loads, as the remote entry lists them. */
function fallbackChunks(dist: string, shareKey: string): string[] {
  const entry = fs.readFileSync(path.join(dist, 'remoteEntry.js'), 'utf8');
  const consume = new RegExp(
    `\\d+:\\{fallback:\\(\\)=>Promise\\.all\\(\\[([^\\]]*)\\]\\)[^}]*shareKey:"${shareKey.replace(/[/]/g, '\\/')}"`,
  ).exec(entry);
  if (!consume) return [];
  return [...consume[1]!.matchAll(/\.e\((\d+)\)/g)].map((m) => m[1]!);
}

test("each remote reaches the session store, the http client and the offline sync through the shell's one copy, never a private one", () => {
  for (const remote of REMOTES) {
    const dist = path.join(ROOT, `mfe-${remote}`, 'dist');
    const chunks = fs.readdirSync(dist).filter((file) => file.endsWith('.js'));
    for (const { shareKey, marker } of STATEFUL) {
      const holding = chunks.filter(
        (file) =>
          fs.readFileSync(path.join(dist, file), 'utf8').includes(marker.replace(/'/g, '"')) ||
          fs.readFileSync(path.join(dist, file), 'utf8').includes(marker),
      );
      const allowed = new Set(fallbackChunks(dist, shareKey));
      const privateCopies = holding.filter((file) => !allowed.has(file.split('.')[0]!));
      expect(privateCopies, `${remote}: ${shareKey} bundled outside its share's fallback`).toEqual([]);
    }
  }
});
