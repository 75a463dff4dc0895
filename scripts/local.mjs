// Steps shared by `npm start`, `npm run dev` and the e2e server: each is
// idempotent, so running `npm start` twice duplicates nothing.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
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
  await run('node', ['scripts/build-web.mjs', '--quiet']);
}

/** What the web build reads (the app imports shared/ and a few of the worker's modules) and its tools. */
const BUILD_INPUTS = ['web', 'shared', 'worker/src'];
const BUILD_CONFIG = [
  'package-lock.json',
  'lingui.config.ts',
  'lingui.messages.config.ts',
  'tsconfig.base.json',
  'tsconfig.json',
];
/** Where the inputs' fingerprint of the build in dist/web is kept (outside what is served). */
const BUILD_STAMP = 'dist/.web-build-inputs';

/** A fingerprint of every file the build reads (paths and contents: about 0.2 s) and its settings. */
function buildInputs() {
  const hash = createHash('sha256');
  const add = (path) => {
    hash.update(`${path}\0`);
    hash.update(readFileSync(path));
  };
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(path);
      } else if (entry.isFile()) add(path);
    }
  };
  BUILD_INPUTS.forEach(walk);
  BUILD_CONFIG.filter((path) => existsSync(path)).forEach(add);
  for (const name of ['WEB_BUILD_ID', 'WEB_SOURCEMAP', 'NODE_ENV'])
    hash.update(`${name}=${process.env[name] ?? ''}\0`);
  return hash.digest('hex');
}

/**
 * The build, unless dist/web was built from these very inputs (`npm start` again with no change in
 * web/, shared/, worker/src/ or the dependencies: 10-16 s saved). Any change, a missing or partial
 * build, or a build into another folder (WEB_OUT_DIR) builds again; `npm run build` always builds.
 */
export async function buildIfChanged() {
  const custom = process.env.WEB_OUT_DIR !== undefined;
  const inputs = custom ? null : buildInputs();
  if (
    inputs &&
    existsSync('dist/web/index.html') &&
    existsSync(BUILD_STAMP) &&
    readFileSync(BUILD_STAMP, 'utf8') === inputs
  ) {
    console.log('The web app is built from the current files: not building again.');
    return;
  }
  rmSync(BUILD_STAMP, { force: true });
  await build();
  if (inputs) {
    mkdirSync('dist', { recursive: true });
    writeFileSync(BUILD_STAMP, inputs);
  }
}

function persistArgs(persistTo) {
  return persistTo ? ['--persist-to', persistTo] : [];
}

/**
 * Applies the migrations not yet applied to the local D1, in one process and one local runtime
 * (scripts/seed-local.ts --migrate; `wrangler d1 migrations apply --local` started a runtime per
 * migration: 22 s on a fresh clone). The same bookkeeping (`d1_migrations`) as wrangler's.
 */
export async function migrate(persistTo) {
  await run(
    'npx',
    ['tsx', 'scripts/seed-local.ts', '--migrate', '--no-seed'],
    persistTo ? { PERSIST_TO: persistTo } : {},
  );
}

export async function seedLocal(persistTo) {
  await run('npx', ['tsx', 'scripts/seed-local.ts'], persistTo ? { PERSIST_TO: persistTo } : {});
}

/** migrate() then seedLocal() in one process (one local runtime, one start of tsx). */
export async function migrateAndSeed(persistTo, extraArgs = []) {
  await run(
    'npx',
    ['tsx', 'scripts/seed-local.ts', '--migrate', ...extraArgs],
    persistTo ? { PERSIST_TO: persistTo } : {},
  );
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
