// The npm registry these machines reach serves only some platforms' builds of
// packages such as rolldown, rollup, tailwind's oxide and workerd, so `npm install`
// here leaves those optional platform packages out of package-lock.json, and
// `npm ci` then refuses the lock ("Missing: ... from lock file"). This adds the
// missing entries with their os/cpu/libc, exactly as a lock made against the full
// registry has them; npm skips them on other platforms and never downloads them
// here. Run it after changing dependencies: `node scripts/complete-lockfile.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const OS = {
  android: 'android',
  darwin: 'darwin',
  freebsd: 'freebsd',
  linux: 'linux',
  win32: 'win32',
  windows: 'win32',
  openbsd: 'openbsd',
  openharmony: 'openharmony',
  sunos: 'sunos',
  aix: 'aix',
  netbsd: 'netbsd',
};
const CPU = {
  arm64: 'arm64',
  x64: 'x64',
  64: 'x64',
  ia32: 'ia32',
  arm: 'arm',
  ppc64: 'ppc64',
  ppc64le: 'ppc64',
  riscv64: 'riscv64',
  s390x: 's390x',
  loong64: 'loong64',
  wasm32: 'wasm32',
  mips64el: 'mips64el',
};

/** os, cpu and libc from a platform package's name, e.g. rollup-linux-arm64-musl. */
function platformOf(name) {
  const tokens = name.split('/').pop().split('-');
  const fields = {};
  for (const t of tokens) {
    if (!fields.os && OS[t]) fields.os = [OS[t]];
    else if (fields.os && !fields.cpu && CPU[t]) fields.cpu = [CPU[t]];
    else if (!fields.cpu && t === 'wasm32') fields.cpu = ['wasm32'];
    if (t === 'gnu' || t === 'gnueabihf') fields.libc = ['glibc'];
    if (t === 'musl' || t === 'musleabihf') fields.libc = ['musl'];
  }
  if (tokens.includes('wasm32')) return { cpu: ['wasm32'] };
  return fields;
}

const lockPath = 'package-lock.json';
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages = lock.packages;
let added = 0;

function resolves(fromPath, name) {
  // npm looks in <fromPath>/node_modules, then each ancestor's node_modules.
  let base = fromPath;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return null;
    const idx = base.lastIndexOf('/node_modules/');
    base = idx === -1 ? '' : base.slice(0, idx);
  }
}

for (const [path, meta] of Object.entries(packages)) {
  for (const [name, spec] of Object.entries(meta.optionalDependencies ?? {})) {
    if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec)) continue; // only exact platform pins
    const found = resolves(path, name);
    if (found && packages[found].version === spec) continue;
    const top = `node_modules/${name}`;
    // Hoist when free; otherwise nest under the package that needs this version.
    const target = packages[top] || found ? `${path}/node_modules/${name}` : top;
    packages[target] = { version: spec, ...platformOf(name), optional: true };
    added++;
  }
}

const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} optional platform entries.`);
