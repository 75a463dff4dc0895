import type { Plugin, Rolldown } from 'vite';

/**
 * V8's explicit compile hint (Chrome 136 and later; other engines read a comment): a file that
 * starts with it has every function compiled as it is streamed, on a background thread, instead of
 * each one on the main thread the first time it is called. The first render of a page or a panel
 * calls most of the functions its files hold, and at a 4x slower CPU their lazy compilation was a
 * third of the quick booking panel's first render (77 of 190 ms in a trace of `/?quick=true`;
 * docs/decisions/104-compile-hints.md).
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * The chunks every start waits for (the entry, React DOM, the app's start) and the landing panels'
 * shared code, named by the build's groups (web/vite.config.ts).
 */
const ALWAYS = new Set(['index', 'client', 'start', 'panels']);
/** The message catalogues: data, no functions to compile. */
const CATALOGUE = /\/locales\/[\w-]+\.po(\?|$)/;
/** Third-party code: a library's file holds much that a page does not call. */
const LIBRARY = /\/node_modules\//;

/**
 * The hint for a chunk that a page runs most of as it draws: the start's and the panels' named
 * chunks, and any chunk mostly of our own code (a screen, a panel, a dialog: its components run
 * when it is drawn). Not a chunk mostly of a library's code (dates, validation, the offline
 * database, charts), where eager compilation would compile what is never called, nor a catalogue.
 */
export function compileHint(chunk: Pick<Rolldown.RenderedChunk, 'name' | 'modules'>): string {
  if (ALWAYS.has(chunk.name)) return COMPILE_HINT;
  let own = 0;
  let library = 0;
  for (const [id, { renderedLength }] of Object.entries(chunk.modules)) {
    // A catalogue, or the bundler's own runtime (a few helpers).
    if (CATALOGUE.test(id) || id.startsWith('\0')) continue;
    if (LIBRARY.test(id)) library += renderedLength;
    else own += renderedLength;
  }
  return own > 0 && own >= library ? COMPILE_HINT : '';
}

/**
 * Keeps the hint first in its file, where V8 looks for it: Vite writes a chunk's list of its lazy
 * imports' files (`__vite__mapDeps`) at the top once the names are hashed, above `postBanner`.
 * The hint is then moved back above it (the file's name was hashed with the hint in it).
 */
export function compileHintsFirst(): Plugin {
  return {
    name: 'compile-hints-first',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || chunk.code.startsWith(COMPILE_HINT)) continue;
          const at = chunk.code.indexOf(`\n${COMPILE_HINT}\n`);
          if (at < 0) continue;
          chunk.code = `${COMPILE_HINT}\n${chunk.code.slice(0, at + 1)}${chunk.code.slice(at + COMPILE_HINT.length + 2)}`;
        }
      },
    },
  };
}
