/** The full Chromium, or undefined. */
export function findChromium(): string | undefined;
/** Debian's headless shell, or undefined. */
export function findHeadlessShell(): string | undefined;
/** Both browsers for the journeys, installing what is missing where it can (exits without Chromium). */
export function ensureChromium(): { full: string; shell: string };
