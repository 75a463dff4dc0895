// `npm run hotel:add -- --code nizwa --name-ar "فندق نزوى" --name-en "Nizwa Hotel" [--city-ar ..]
// [--city-en ..] [--host nizwa.example.com]`: a new hotel of the chain, live in one command
// (docs/decisions/103, "Migrations and a new hotel"). Locally: a new D1 database (its binding
// DB_<CODE> added to wrangler.toml with a new id, hence a new SQLite file under .wrangler), every
// migration applied, the demo seed under the hotel's name, the hotel registered in the chain's
// database (hotels.json, which `npm start` and `npm run db:migrate` register too) with the host
// <code>.localhost. A running `npm start` reloads on the changed wrangler.toml and serves it.
// Production (`--remote`) is `wrangler d1 create`, the binding with the id it prints, `wrangler
// deploy`, then `wrangler d1 migrations apply DB_<CODE> --remote` and the chain's row: printed, not
// run, by this script.
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { env, run } from './local.mjs';

const started = performance.now();
const { values } = parseArgs({
  options: {
    code: { type: 'string' },
    'name-ar': { type: 'string' },
    'name-en': { type: 'string' },
    'city-ar': { type: 'string', default: '' },
    'city-en': { type: 'string', default: '' },
    host: { type: 'string', multiple: true, default: [] },
    remote: { type: 'boolean', default: false },
  },
});

function refuse(message) {
  console.error(`hotel:add: ${message}`);
  process.exit(1);
}

const code = (values.code ?? '').trim().toLowerCase();
if (!/^[a-z][a-z0-9-]{1,31}$/.test(code))
  refuse('--code is 2 to 32 lower-case letters, digits or dashes, starting with a letter (e.g. nizwa).');
const nameAr = (values['name-ar'] ?? '').trim();
const nameEn = (values['name-en'] ?? '').trim();
if (!nameAr || !nameEn)
  refuse('--name-ar and --name-en are both needed (the app shows the hotel in both languages).');
for (const [flag, value] of Object.entries({
  nameAr,
  nameEn,
  cityAr: values['city-ar'],
  cityEn: values['city-en'],
})) {
  if (value.length > 100) refuse(`${flag} is longer than 100 characters.`);
}
const hosts = values.host.map((h) => h.trim().toLowerCase()).filter(Boolean);
for (const host of hosts) if (!/^[a-z0-9.-]+$/.test(host)) refuse(`${host} is not a host name.`);
const binding = `DB_${code.toUpperCase().replaceAll('-', '_')}`;

const registry = JSON.parse(readFileSync('hotels.json', 'utf8'));
if (registry.hotels.some((h) => h.code === code)) refuse(`the chain has a hotel ${code} already.`);
const toml = readFileSync('wrangler.toml', 'utf8');
if (new RegExp(`^binding\\s*=\\s*"${binding}"`, 'm').test(toml))
  refuse(`wrangler.toml binds ${binding} already.`);

if (values.remote) {
  console.log(`In production, run:
  npx wrangler d1 create hotel-oman-${code}
  (add its [[d1_databases]] block, binding "${binding}", migrations_dir "migrations", to wrangler.toml)
  npx wrangler deploy
  npx wrangler d1 migrations apply ${binding} --remote
  npx wrangler d1 execute CHAIN_DB --remote --command "INSERT INTO hotels (code, name_ar, name_en, city_ar, city_en, binding, r2_prefix, hosts) VALUES ('${code}', ..., '${binding}', 'hotels/${code}/', '[\\"<host>\\"]')"`);
  process.exit(0);
}

// The binding beside the other hotels' (before the first table that follows the last D1 block).
const block = `[[d1_databases]]
binding = "${binding}"
database_name = "hotel-oman-${code}"
# A local database (npm run hotel:add); in production the id \`wrangler d1 create hotel-oman-${code}\` prints.
database_id = "${randomUUID()}"
migrations_dir = "migrations"

`;
const after = toml.lastIndexOf('[[d1_databases]]') + '[[d1_databases]]'.length;
const next = toml.slice(after).search(/^\[/m);
const at = next === -1 ? toml.length : after + next;
writeFileSync('wrangler.toml', toml.slice(0, at) + block + toml.slice(at));
registry.hotels.push({
  code,
  nameAr,
  nameEn,
  cityAr: values['city-ar'],
  cityEn: values['city-en'],
  binding,
  hosts: [`${code}.localhost`, ...hosts],
});
writeFileSync('hotels.json', `${JSON.stringify(registry, null, 2)}\n`);
console.log(`Added ${binding} to wrangler.toml and ${code} to hotels.json.`);

// Every hotel migrated (the new one from nothing), the new one seeded, the chain's registry written.
await run('npx', ['tsx', 'scripts/seed-local.ts', '--migrate', '--demo-day', '--hotel', code], env);
console.log(
  `Hotel ${code} is live in ${((performance.now() - started) / 1000).toFixed(1)} s: http://${code}.localhost:${process.env.PORT ?? 8787}/ (a running npm start reloads on wrangler.toml).`,
);
