// `npm start`: build the web app, migrate and seed the local D1, serve at http://127.0.0.1:8787, and
// run wrangler.toml's crons at their times (scripts/local-crons.mjs).
// Without a Google client in .dev.vars, "Continue with Google" signs in through a local OpenID
// provider (the one the journeys use, e2e/support/test-issuer.mjs, on 127.0.0.1:8798): its page
// lets you pick the e-mail and name Google would give. Set GOOGLE_CLIENT_ID to use Google itself.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { buildIfChanged, ensureDevVars, env, migrateAndSeed, serve } from './local.mjs';
import { cronsLine, startLocalCrons, whenAnswering } from './local-crons.mjs';

ensureDevVars();
// The build (skipped when dist/web is built from the current files) and the database (migrations
// and seed, one process) side by side: they share nothing, and the server starts once both are done.
// (A fresh clone on the 2-core machine: 42 s before, build, then 54 wrangler runs, then the seed.)
await Promise.all([buildIfChanged(), migrateAndSeed(undefined, ['--demo-day'])]);

// `--test-scheduled`: the local scheduled endpoint the crons' clock calls (scripts/local-crons.mjs).
const extraArgs = ['--show-interactive-dev-session=false', '--test-scheduled'];
if (!/^GOOGLE_CLIENT_ID=\S/m.test(readFileSync('.dev.vars', 'utf8'))) {
  const port = Number(process.env.DEMO_ISSUER_PORT ?? 8798);
  const issuer = spawn(process.execPath, ['e2e/support/test-issuer.mjs'], {
    stdio: 'inherit',
    env: { ...env, TEST_ISSUER_PORT: String(port) },
  });
  process.on('exit', () => issuer.kill());
  extraArgs.push(
    '--var',
    `GOOGLE_ISSUER:http://127.0.0.1:${port}`,
    '--var',
    'GOOGLE_CLIENT_ID:test-client',
    '--var',
    'GOOGLE_CLIENT_SECRET:test-secret',
  );
}
const port = Number(process.env.PORT ?? 8787);
serve({ port, extraArgs });
// wrangler.toml's crons at their times, as in production (wrangler runs none of them locally).
const origin = `http://127.0.0.1:${port}`;
await whenAnswering(origin);
console.log(cronsLine(startLocalCrons({ origin }).next()));
