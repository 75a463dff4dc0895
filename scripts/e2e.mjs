// `npm run test:e2e`: Playwright journeys in Debian's Chromium (scripts/chromium.mjs) against the
// built app.
import { ensureChromium } from './chromium.mjs';
import { build, run } from './local.mjs';

const chromium = ensureChromium();
if (!process.env.E2E_SKIP_BUILD) await build();
await run('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  CHROMIUM_PATH: chromium.full,
  CHROMIUM_HEADLESS_SHELL_PATH: chromium.shell,
});
