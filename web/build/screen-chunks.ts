import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build, type Plugin, type Rolldown } from 'vite';
import { landingRoots } from './landing-catalog';
import { BOOKING_FORM, LANDING_PANELS, STAFF_SCREENS } from './prerender';

/**
 * The chunks of what the landing page opens: the booking forms and the first screen's panels
 * (docs/decisions/104-screen-chunks.md). Left to Rolldown, each is 30 to 90 files (react-aria's
 * parts, schemas and helpers, most under 2 KB, each shared by a different set of the app's 300 lazy
 * parts), and a slow phone takes them one after another: at a 4x slower CPU the booking form's 90
 * files kept the page busy about 800 ms after a tap, before any of the form's code ran.
 *
 * So the build first bundles the app as Rolldown would (a first pass, not written) and learns from
 * it which modules each of these screens loads, and which each of the desk's first screens loads
 * (prerender.ts, STAFF_SCREENS, whose budgets forbid zod and the date picker). The real build then
 * puts each module these screens load in the chunk of the set of screens, and of desk screens, that
 * load it. A screen then loads a handful of files and no module it did not load before (the two
 * booking forms, always fetched together, count as one); nor does a desk screen. Another lazy part
 * that uses one of these modules loads its whole chunk, which may hold a little more than it needs.
 * Modules the landing page itself loads (its entry, the app's start, the lazy parts it shows
 * untouched, app/landing-roots.ts) stay where they were.
 *
 * No chunk imports another back: whatever loads a module loads what it imports, so the set of a
 * module contains the set of every module importing it, and chunks import from smaller sets to
 * larger ones (and into the landing's own modules, which import none of these). So the group does
 * not pull a module's dependencies in with it (`includeDependenciesRecursively: false`), and the
 * build checks that no chunks import each other (assertNoCycles).
 */
const SCREENS: Record<string, string> = {
  ...LANDING_PANELS,
  form: BOOKING_FORM.at(-1)!,
  quickForm: 'features/bookings/components/quick-booking-modal.tsx',
};
/** Screens whose chunks are one set's: the two booking forms, which the booking flow fetches together. */
const FAMILY: Record<string, string> = { form: 'forms', quickForm: 'forms' };

/** Set in the first pass's environment: its build has no screen chunks (vite.config.ts). */
export const FIRST_PASS = 'SCREEN_CHUNKS_FIRST_PASS';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const CONFIG = fileURLToPath(new URL('../vite.config.ts', import.meta.url));

/** The plugin that runs the first pass, and the group of `codeSplitting.groups` it feeds. */
export function screenChunks() {
  let chunkOf = new Map<string, string>();
  const plugin: Plugin = {
    name: 'screen-chunks',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild && !process.env[FIRST_PASS],
    async buildStart() {
      if (this.environment.name !== 'client') return;
      chunkOf = chunksOf(await firstPass());
    },
    generateBundle(_options, bundle) {
      if (this.environment.name === 'client') assertNoCycles(bundle);
    },
  };
  const name = (id: string): string | null => chunkOf.get(id) ?? null;
  return { plugin, group: { name, includeDependenciesRecursively: false, debugName: 'screens' } };
}

/**
 * The first pass's stand-in for the service worker plugin's module (vite-plugin-pwa, which the first
 * pass leaves out with everything else that writes files): the same one function, doing nothing.
 */
export function screenChunksFirstPass(): Plugin {
  const id = 'virtual:pwa-register';
  return {
    name: 'screen-chunks-first-pass',
    resolveId: (source) => (source === id ? `\0${id}` : null),
    load: (resolved) => (resolved === `\0${id}` ? 'export function registerSW() { return () => {}; }' : null),
  };
}

/** The app's chunks as Rolldown makes them by itself (not written). */
async function firstPass(): Promise<Rolldown.OutputChunk[]> {
  process.env[FIRST_PASS] = '1';
  try {
    const result = await build({ configFile: CONFIG, logLevel: 'silent', build: { write: false } });
    const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
    return outputs.flatMap((output) => output.output.filter((file) => file.type === 'chunk'));
  } finally {
    delete process.env[FIRST_PASS];
  }
}

/** The chunk of each module the screens load and the landing page does not. */
function chunksOf(chunks: Rolldown.OutputChunk[]): Map<string, string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const holder = new Map<string, Rolldown.OutputChunk>();
  for (const chunk of chunks) for (const id of chunk.moduleIds) holder.set(id, chunk);
  /** Every module loaded with the chunks holding `paths` (those chunks and what they import). */
  const loads = (paths: string[]) => {
    const files = new Set<string>();
    const queue = paths.map((path) => {
      const chunk = holder.get(SRC + path);
      if (!chunk) throw new Error(`screen-chunks: no chunk holds ${path}`);
      return chunk.fileName;
    });
    while (queue.length) {
      const file = queue.pop()!;
      if (files.has(file)) continue;
      files.add(file);
      queue.push(...(byFile.get(file)?.imports ?? []));
    }
    return [...files].flatMap((file) => byFile.get(file)!.moduleIds);
  };
  const landing = new Set(loads(landingRoots()));
  const labels = new Map<string, Set<string>>();
  const label = (name: string, paths: string[]) => {
    for (const id of loads(paths))
      if (!landing.has(id)) labels.set(id, (labels.get(id) ?? new Set()).add(name));
  };
  for (const [screen, path] of Object.entries(SCREENS)) label(screen, [path]);
  for (const [path, modules] of STAFF_SCREENS) label(path, modules);
  const chunkOf = new Map<string, string>();
  for (const [id, of] of labels) {
    const screens = [...of].filter((name) => SCREENS[name]);
    if (screens.length === 0) continue; // the desk's alone: Rolldown's chunks
    const families = [...new Set(screens.map((screen) => FAMILY[screen] ?? screen))].sort();
    const desk = [...of].filter((name) => !SCREENS[name]).sort();
    const tag = desk.length
      ? `-desk${createHash('sha256').update(desk.join()).digest('hex').slice(0, 4)}`
      : '';
    // A screen's own chunk has its module's name (events-panel-*.js; the forms', booking-form-modal).
    const own =
      families.length === 1 && !tag ? SCREENS[families[0] === 'forms' ? 'form' : families[0]!] : null;
    chunkOf.set(id, own ? own.replace(/^.*\/|\.tsx?$/g, '') : `ui-${families.join('-')}${tag}`);
  }
  return chunkOf;
}

/** Fails the build when chunks import each other (directly or through others). */
function assertNoCycles(bundle: Rolldown.OutputBundle) {
  const imports = new Map<string, readonly string[]>();
  for (const file of Object.values(bundle))
    if (file.type === 'chunk') imports.set(file.fileName, file.imports);
  const state = new Map<string, 'open' | 'done'>();
  const visit = (file: string, path: string[]) => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'open')
      throw new Error(`screen-chunks: chunks import each other: ${[...path, file].join(' -> ')}`);
    state.set(file, 'open');
    for (const imported of imports.get(file) ?? []) visit(imported, [...path, file]);
    state.set(file, 'done');
  };
  for (const file of imports.keys()) visit(file, []);
}
