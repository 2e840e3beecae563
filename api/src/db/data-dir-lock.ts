/**
 * PGlite has no protection against a second process opening the same directory, and that corrupts
 * it. A lock file holding our pid keeps a second server off; a lock left by a killed process
 * (kill -9) is recognised because its pid no longer runs, and taken over.
 */
import fs from 'node:fs';
import path from 'node:path';

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(`The data directory ${dir} is in use by another Meridian server (pid ${pid}). Stop it or choose another DATA_DIR.`);
  }
}

export function acquireDataDirLock(dir: string): () => void {
  const lockPath = path.join(dir, 'meridian.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(lockPath, 'utf8').trim());
      if (holder && holder !== process.pid && isRunning(holder)) throw new DataDirLockedError(dir, holder);
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}.`);
}
