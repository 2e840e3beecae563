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

/**
 * A line of code only that module has, and the shares it may be reached through: the device databases'
 * prefix is the device store's, which the offline sync reaches through its own share, and which a remote
 * that keeps a copy on the device (the bids list) reaches directly.
 */
const STATEFUL = [
  { shareKeys: ['@meridian/shared/session/session-store'], marker: "'meridian.session'" },
  { shareKeys: ['@meridian/shared/http/api'], marker: 'x-ui-version' },
  { shareKeys: ['@meridian/shared/offline/field-sync', '@meridian/shared/offline/device-store'], marker: 'prod_meridian_field_' },
  { shareKeys: ['@meridian/shared/realtime/realtime-connection'], marker: "'[realtime] connection refused:'" },
  { shareKeys: ['@meridian/shared/session/tenant-settings'], marker: "'[tenant-settings]" },
];

/** The chunk ids a built file carries (webpack may put several chunks in one file, named after one of them). */
const chunkIdsOf = (code: string) => (/push\(\[\[([\d,]+)\]/.exec(code)?.[1] ?? '').split(',').filter(Boolean);

/** The chunks a share's fallback loads, as the remote entry lists them. */
function fallbackChunks(dist: string, shareKey: string): string[] {
  const entry = fs.readFileSync(path.join(dist, 'remoteEntry.js'), 'utf8');
  // One chunk (`y.e(9603).then(...)`) or several (`Promise.all([y.e(9092),y.e(6319)]).then(...)`).
  const consume = new RegExp(`\\d+:\\{fallback:\\(\\)=>([^}]*?)\\.then\\([^}]*shareKey:"${shareKey.replace(/[/]/g, '\\/')}"`).exec(entry);
  if (!consume) return [];
  return [...consume[1]!.matchAll(/\.e\((\d+)\)/g)].map((m) => m[1]!);
}

test("each remote reaches the session store, the http client and the offline sync through the shell's one copy, never a private one", () => {
  for (const remote of REMOTES) {
    const dist = path.join(ROOT, `mfe-${remote}`, 'dist');
    const chunks = fs.readdirSync(dist).filter((file) => file.endsWith('.js'));
    for (const { shareKeys, marker } of STATEFUL) {
      const holding = chunks.filter((file) => {
        const code = fs.readFileSync(path.join(dist, file), 'utf8');
        return code.includes(marker.replace(/'/g, '"')) || code.includes(marker);
      });
      const allowed = new Set(shareKeys.flatMap((shareKey) => fallbackChunks(dist, shareKey)));
      const privateCopies = holding.filter(
        (file) => !chunkIdsOf(fs.readFileSync(path.join(dist, file), 'utf8')).some((id) => allowed.has(id)),
      );
      expect(privateCopies, `${remote}: ${shareKeys.join(' or ')} bundled outside its share's fallback`).toEqual([]);
    }
  }
});
