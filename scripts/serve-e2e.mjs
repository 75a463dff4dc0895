// The server the Playwright journeys run against: the built app on a fresh,
// migrated and seeded local D1 (its own state folder), at 127.0.0.1:$E2E_PORT.
// Once migrated and seeded, the state is also copied to `<state>-seeded`, so a journey that
// needs a server of its own (e2e/rebuild-while-open.spec.ts) starts from a copy of it
// (E2E_SEEDED_FROM) rather than migrating and seeding again; so do the second and later journey
// servers (scripts/e2e-servers.mjs).
import { cpSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { ensureDevVars, migrateAndSeed, serve } from './local.mjs';

const issuerPort = Number(process.env.TEST_ISSUER_PORT ?? 8799);
const persistTo = process.env.E2E_PERSIST_TO ?? '.wrangler/e2e-state';
const seededFrom = process.env.E2E_SEEDED_FROM;
rmSync(persistTo, { recursive: true, force: true });
ensureDevVars();
if (seededFrom && existsSync(seededFrom)) {
  cpSync(seededFrom, persistTo, { recursive: true });
} else {
  // The channel manager link off: its sender would otherwise run after every journey's write
  // (e2e/channel.after.ts switches it on).
  await migrateAndSeed(persistTo, ['--channel-off']);
  rmSync(`${persistTo}-seeded`, { recursive: true, force: true });
  cpSync(persistTo, `${persistTo}-seeded`, { recursive: true });
}
const port = Number(process.env.E2E_PORT ?? 8788);
// Where the journeys load the app from (e2e/fixtures.ts): written once the server answers.
// (scripts/e2e-servers.mjs names it after the state folder, as here when it is not given.)
const urlFile = process.env.E2E_URL_FILE ?? `${persistTo}.url`;
rmSync(urlFile, { force: true });
const vars = {
  // Google sign-in against the local test issuer (e2e/support/test-issuer.mjs).
  GOOGLE_ISSUER: `http://127.0.0.1:${issuerPort}`,
  GOOGLE_CLIENT_ID: 'test-client',
  GOOGLE_CLIENT_SECRET: 'test-secret',
  // No line per request: each crossed wrangler's inspector into its Node and debug log file
  // (e2e/TIMINGS.md, "Headless shell").
  REQUEST_LOG: 'off',
};

if (process.env.WEB_OUT_DIR) {
  // A build made with WEB_OUT_DIR set (the deploy journey's next build): `wrangler dev` serves it.
  // wrangler's devtools port is 9229 or, when taken, any free one; E2E_INSPECTOR_PORT_OFFSET puts
  // it at the server's port plus the offset instead (a machine where only some ports are ours).
  const inspectorOffset = process.env.E2E_INSPECTOR_PORT_OFFSET;
  serve({
    port,
    persistTo,
    extraArgs: [
      '--show-interactive-dev-session=false',
      ...(inspectorOffset ? ['--inspector-port', String(port + Number(inspectorOffset))] : []),
      '--assets',
      process.env.WEB_OUT_DIR,
      '--log-level',
      'warn',
      ...Object.entries(vars).flatMap(([name, value]) => ['--var', `${name}:${value}`]),
    ],
  });
  writeFileSync(urlFile, `http://127.0.0.1:${port}`);
} else {
  // The same runtime with no debugger and no proxy in front, as the benchmarks run it
  // (scripts/direct-worker.mjs). The journeys load the worker's own address, written to
  // E2E_URL_FILE; E2E_PORT is the proxy's, which answers the same (the health checks ask it).
  const { startDirectWorker } = await import('./direct-worker.mjs');
  const { worker, address: direct } = await startDirectWorker({
    config: 'wrangler.toml',
    bindings: Object.fromEntries(
      Object.entries(vars).map(([name, value]) => [name, { type: 'plain_text', value }]),
    ),
    dev: {
      server: { hostname: '127.0.0.1', port },
      watch: false,
      liveReload: false,
      logLevel: 'warn',
      persist: persistTo,
    },
  });
  writeFileSync(urlFile, direct);
  const stop = () => void worker.dispose().finally(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
