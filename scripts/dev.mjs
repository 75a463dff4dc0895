// `npm run dev`: the worker on :8787 and Vite with hot reload on :5173 (proxying /api, /auth and /media: web/build/dev-proxy.ts).
import { spawn } from 'node:child_process';
import { buildIfChanged, ensureDevVars, env, migrateAndSeed, serve } from './local.mjs';

ensureDevVars();
await Promise.all([buildIfChanged(), migrateAndSeed()]);
serve({ port: 8787 });
spawn('npx', ['vite', '--config', 'web/vite.config.ts', '--host', '127.0.0.1'], { stdio: 'inherit', env });
