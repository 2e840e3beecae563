/**
 * Migrates and seeds the database the environment names (DATA_DIR or DATABASE_URL, SEED_*) as a start
 * of the server would, then stops without serving: the e2e run seeds while the product is built.
 */
import { loadConfig } from '../src/config';
import { buildApp } from '../src/app';

const started = Date.now();
const server = await buildApp(loadConfig());
await server.close();
console.log(`Seeded in ${Math.round((Date.now() - started) / 1000)} s`);
