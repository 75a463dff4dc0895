// Steps shared by `npm start`, `npm run dev` and the e2e server: each is
// idempotent, so running `npm start` twice duplicates nothing.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { makeVapidKeys } from './vapid-keys.mjs';

export const env = { ...process.env, WRANGLER_SEND_METRICS: 'false' };

export function run(command, args, extraEnv = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...env, ...extraEnv } });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
}

/**
 * .dev.vars holds the local settings; it is made from .env.example when missing. A development
 * VAPID key pair (Web Push) is made into it when it has none (the private key is never committed).
 */
export function ensureDevVars() {
  if (!existsSync('.dev.vars')) {
    copyFileSync('.env.example', '.dev.vars');
    console.log('Created .dev.vars from .env.example.');
  }
  let vars = readFileSync('.dev.vars', 'utf8');
  if (!/^VAPID_PRIVATE_KEY=\S/m.test(vars)) {
    for (const [name, value] of Object.entries(makeVapidKeys())) {
      const line = `${name}=${value}`;
      vars = new RegExp(`^${name}=.*$`, 'm').test(vars)
        ? vars.replace(new RegExp(`^${name}=.*$`, 'm'), line)
        : `${vars.replace(/\n?$/, '\n')}${line}\n`;
    }
    if (!/^VAPID_SUBJECT=\S/m.test(vars)) vars += 'VAPID_SUBJECT=mailto:admin@example.com\n';
    writeFileSync('.dev.vars', vars);
    console.log('Made a development VAPID key pair (Web Push) into .dev.vars.');
  }
}

export async function build() {
  await run('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn']);
}

function persistArgs(persistTo) {
  return persistTo ? ['--persist-to', persistTo] : [];
}

export async function migrate(persistTo) {
  // CI=true: apply without the interactive confirmation.
  await run('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', ...persistArgs(persistTo)], {
    CI: 'true',
  });
}

export async function seedLocal(persistTo) {
  await run('npx', ['tsx', 'scripts/seed-local.ts'], persistTo ? { PERSIST_TO: persistTo } : {});
}

export function serve({ port = 8787, persistTo, extraArgs = [] } = {}) {
  const child = spawn(
    'npx',
    ['wrangler', 'dev', '--ip', '127.0.0.1', '--port', String(port), ...persistArgs(persistTo), ...extraArgs],
    { stdio: 'inherit', env },
  );
  const stop = () => child.kill('SIGTERM');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  child.on('exit', (code) => process.exit(code ?? 0));
  return child;
}
