// `npm run routes`: every registered API route, one `METHOD /path` per line.
import { createAdapters } from '@/adapters/index';
import { buildApp } from '@/app';
import { loadConfig } from '@/config';
import { openDatabase } from '@/db/client';

const config = loadConfig({ ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'silent' });
const database = await openDatabase({}); // in memory: building the app reads no data
const app = await buildApp({
  config: { ...config, jwtSecret: 'x'.repeat(32) },
  database,
  adapters: createAdapters(config, {}),
  outbox: { kick() {} },
});
await app.ready();
const lines = [...new Set(app.registeredRoutes.filter((r) => r.split(' ')[1]?.startsWith('/api/')))].sort();
console.log(lines.join('\n'));
await app.close();
await database.close();
