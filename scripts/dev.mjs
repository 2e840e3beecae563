// Development mode: the API restarts on change, and the shell plus the remotes named on the command
// line rebuild on change (e.g. `npm run dev -- sales admin`). Other remotes are served as last built.
import { spawn } from 'node:child_process';

const remotes = process.argv.slice(2);
const children = [
  spawn('pnpm', ['--filter', '@meridian/api', 'dev'], { stdio: 'inherit' }),
  spawn('pnpm', ['--filter', '@meridian/shell', 'watch'], { stdio: 'inherit' }),
  ...remotes.map((name) => spawn('pnpm', ['--filter', `@meridian/mfe-${name}`, 'watch'], { stdio: 'inherit' })),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
