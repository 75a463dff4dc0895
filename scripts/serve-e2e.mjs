// The server the Playwright journeys run against: the built app on a fresh,
// migrated and seeded local D1 (its own state folder), at 127.0.0.1:$E2E_PORT.
import { rmSync } from 'node:fs';
import { ensureDevVars, migrate, seedLocal, serve } from './local.mjs';

const issuerPort = Number(process.env.TEST_ISSUER_PORT ?? 8799);
const persistTo = process.env.E2E_PERSIST_TO ?? '.wrangler/e2e-state';
rmSync(persistTo, { recursive: true, force: true });
ensureDevVars();
await migrate(persistTo);
await seedLocal(persistTo);
serve({
  port: Number(process.env.E2E_PORT ?? 8788),
  persistTo,
  extraArgs: [
    '--show-interactive-dev-session=false',
    // A build made with WEB_OUT_DIR set is served instead of dist/web.
    ...(process.env.WEB_OUT_DIR ? ['--assets', process.env.WEB_OUT_DIR] : []),
    '--log-level',
    'warn',
    // Google sign-in against the local test issuer (e2e/support/test-issuer.mjs).
    '--var',
    `GOOGLE_ISSUER:http://127.0.0.1:${issuerPort}`,
    '--var',
    'GOOGLE_CLIENT_ID:test-client',
    '--var',
    'GOOGLE_CLIENT_SECRET:test-secret',
  ],
});
