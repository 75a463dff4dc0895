// `npm run dev`: the worker on :8787 and Vite with hot reload on :5173 (proxying /api, /auth and /media: web/build/dev-proxy.ts).
import { spawn } from 'node:child_process';
import { buildIfChanged, ensureDevVars, env, migrateAndSeed, serve } from './local.mjs';
import { cronsLine, startLocalCrons, whenAnswering } from './local-crons.mjs';

ensureDevVars();
await Promise.all([buildIfChanged(), migrateAndSeed(undefined, ['--demo-day'])]);
serve({ port: 8787, extraArgs: ['--test-scheduled'] });
// wrangler.toml's crons at their times, as `npm start` runs them (scripts/local-crons.mjs).
spawn('npx', ['vite', '--config', 'web/vite.config.ts', '--host', '127.0.0.1'], { stdio: 'inherit', env });
await whenAnswering('http://127.0.0.1:8787');
console.log(cronsLine(startLocalCrons({ origin: 'http://127.0.0.1:8787' }).next()));
