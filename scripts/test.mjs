// `npm test`: lint, typecheck, unit and worker integration tests, then the browser journeys.
import { ensureChromium } from './chromium.mjs';
import { build, run } from './local.mjs';

const started = Date.now();
const step = async (name, fn) => {
  console.log(`\n▶ ${name}`);
  await fn();
};

// Check for Chromium first: a missing browser is reported before minutes of other work.
const chromium = ensureChromium();
await step('lint', () => run('npx', ['eslint', '.']));
await step('format', () => run('npx', ['prettier', '--check', '.', '--log-level', 'warn']));
await step('typecheck', () => run('npx', ['tsc', '-b']));
await step('build', () => build());
await step('unit and worker tests', () => run('npx', ['vitest', 'run']));
await step('browser journeys', () => run('npx', ['playwright', 'test'], { CHROMIUM_PATH: chromium }));
console.log(`\nAll checks passed in ${Math.round((Date.now() - started) / 1000)} s.`);
