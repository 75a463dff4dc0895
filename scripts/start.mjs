// `npm start`: build the web app, migrate and seed the local D1, serve at http://127.0.0.1:8787.
// Without a Google client in .dev.vars, "Continue with Google" signs in through a local OpenID
// provider (the one the journeys use, e2e/support/test-issuer.mjs, on 127.0.0.1:8798): its page
// lets you pick the e-mail and name Google would give. Set GOOGLE_CLIENT_ID to use Google itself.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { build, ensureDevVars, env, migrate, seedLocal, serve } from './local.mjs';

ensureDevVars();
await build();
await migrate();
await seedLocal();

const extraArgs = ['--show-interactive-dev-session=false'];
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
serve({ port: Number(process.env.PORT ?? 8787), extraArgs });
