// Finds the Chromium the browser tests drive (Debian's packages; Playwright's own download does
// not work on these machines). Installs what is missing with apt when running as root; otherwise
// says exactly what to install. Never skips silently.
//
// Two binaries of the same Debian source package:
// - `chromium-headless-shell` runs almost every journey: it has no browser UI to keep up, and the
//   journeys took about a third fewer CPU-seconds in it than in the full browser (e2e/TIMINGS.md,
//   "Headless shell").
// - `chromium`, the full browser, runs the journeys tagged @full-browser: what the shell lacks
//   (shown notifications, Background Sync), and the benches.
// Without the shell (and no way to install it) every journey runs in the full browser, slower,
// and the run says so.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const FULL = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
const SHELL = [process.env.CHROMIUM_HEADLESS_SHELL_PATH, '/usr/bin/chromium-headless-shell'];
const first = (paths) => paths.filter(Boolean).find((p) => existsSync(p));

/** The full Chromium, or undefined. */
export function findChromium() {
  return first(FULL);
}

/** Debian's headless shell, or undefined. */
export function findHeadlessShell() {
  return first(SHELL);
}

function aptInstall(packages) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env });
}

/**
 * The browsers for the journeys: `{ full, shell }`, both absolute paths (`shell` is the full
 * browser when the headless shell cannot be had). Exits with what to install when there is no
 * Chromium at all.
 */
export function ensureChromium() {
  const missing = [!findChromium() && 'chromium', !findHeadlessShell() && 'chromium-headless-shell'].filter(
    Boolean,
  );
  if (missing.length > 0 && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log(`Installing Debian's ${missing.join(' and ')} for the browser tests with apt-get…`);
    try {
      aptInstall(missing);
    } catch (err) {
      console.error(
        `apt-get could not install ${missing.join(' ')}: ${err instanceof Error ? err.message : err}`,
      );
    }
  }
  const full = findChromium();
  if (!full) {
    console.error(
      [
        'The browser tests need Chromium, and none was found.',
        'Install it, then run the tests again:',
        '  Debian/Ubuntu:  sudo apt-get update && sudo apt-get install -y chromium chromium-headless-shell',
        'or point CHROMIUM_PATH at an existing Chromium or Chrome binary.',
      ].join('\n'),
    );
    process.exit(1);
  }
  const shell = findHeadlessShell();
  if (!shell) {
    console.log(
      [
        'chromium-headless-shell is missing: every journey runs in the full Chromium, which takes about a',
        'third more CPU. To install it: sudo apt-get install -y chromium-headless-shell',
        '(or point CHROMIUM_HEADLESS_SHELL_PATH at one).',
      ].join('\n'),
    );
  }
  return { full, shell: shell ?? full };
}
