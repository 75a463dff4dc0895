import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin, Rolldown } from 'vite';
import { landingRoots } from './landing-catalog';
import { appStartChunks, LANDING_PANELS } from './prerender';

/**
 * The landing panels' chunk (decision 099, addendum "the landing panels' code in one file").
 *
 * Rolldown's automatic chunking splits the code every landing panel needs (react-aria's dialog,
 * button and overlays, the panels' frame, the query helpers) into two dozen small files, one for
 * each set of screens that shares a part, so that a panel opened from the address or tapped
 * before the app waited for about 35 requests. One chunk, `panels-*.js`, takes the modules that
 * every landing panel loads and no part of the landing page loads before a panel (its lazy roots,
 * web/src/app/landing-roots.ts): a panel is then that chunk and a few files of its own.
 *
 * Which modules those are is known only after tree-shaking (a module that react-aria's barrels
 * reach is not a module a panel runs), so the list is written by a build without this chunk
 * (`npm run build:panels-chunk`) into web/build/panels-chunk.json, and every build checks it: the
 * build fails when the list has gone stale (a module every panel now needs left out, a listed
 * module gone, or the chunk reached from the landing's own lazy parts), naming that command.
 */

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const LIST_FILE = fileURLToPath(new URL('panels-chunk.json', import.meta.url));
const ADMIN_CODE = /\/src\/(features|entities|components)\/admin\//;
/** `npm run build:panels-chunk`: a build without the chunk, which writes the list. */
const WRITING = process.env.PANELS_CHUNK_WRITE === '1';
const COMMAND = 'npm run build:panels-chunk';

type ListFile = { note: string; modules: string[] };

/** The listed modules (absolute ids), or none while the list is being written. */
function listedModules(): Set<string> {
  if (WRITING || !existsSync(LIST_FILE)) return new Set();
  const list = JSON.parse(readFileSync(LIST_FILE, 'utf8')) as ListFile;
  return new Set(list.modules.map((module) => resolve(REPO, module)));
}

/** The codeSplitting group of the chunk (web/vite.config.ts), none while the list is written. */
export function panelsChunkGroups() {
  const listed = listedModules();
  if (listed.size === 0) return [];
  return [
    {
      name: 'panels',
      test: (id: string) => listed.has(id),
      // The listed modules only: what they import and a panel does not share with the others
      // stays where Rolldown puts it (its dependencies would bring in the landing's own parts).
      includeDependenciesRecursively: false,
    },
  ];
}

/**
 * The chunks every landing panel loads beyond the app's start, less the chunks the landing's lazy
 * parts load: with the list current, only the panels' chunk.
 */
function sharedByPanels(bundle: Rolldown.OutputBundle) {
  const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry);
  const loaded = new Set([...appStartChunks(bundle), ...(entry ? [entry.fileName] : [])]);
  const holding = (module: string) => {
    const id = resolve(SRC, module);
    const chunk = chunks.find((c) => c.moduleIds.includes(id));
    if (!chunk) throw new Error(`Panels' chunk: no chunk holds ${module}`);
    return chunk.fileName;
  };
  const closure = (modules: string[]) => {
    const files = new Set<string>();
    const add = (fileName: string) => {
      if (loaded.has(fileName) || files.has(fileName)) return;
      files.add(fileName);
      for (const imported of byName.get(fileName)?.imports ?? []) add(imported);
    };
    for (const module of modules) add(holding(module));
    return files;
  };
  const panels = Object.values(LANDING_PANELS).map((module) =>
    closure(['app/landing-panels.tsx', 'components/aria-scope/aria-providers.tsx', module]),
  );
  const landing = new Set(
    landingRoots()
      .filter((root) => root !== 'app/main.tsx' && root !== 'app/start.tsx')
      .flatMap((root) => [...closure([root])]),
  );
  const [first, ...rest] = panels;
  const shared = [...first!].filter((file) => rest.every((panel) => panel.has(file)));
  return {
    chunks: shared
      .filter((file) => !landing.has(file))
      .map((file) => byName.get(file)!)
      .filter((chunk) => !chunk.moduleIds.some((id) => ADMIN_CODE.test(id))),
    landing,
  };
}

/** Writes the list (`npm run build:panels-chunk`) or checks it (every other build). */
export function panelsChunk(): Plugin {
  return {
    name: 'panels-chunk',
    apply: 'build',
    // Before the landing catalogue's check (also 'pre'), whose failure a stale list would cause.
    enforce: 'pre',
    generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return;
      const { chunks, landing } = sharedByPanels(bundle);
      if (WRITING) {
        const modules = chunks
          .flatMap((chunk) => Object.entries(chunk.modules))
          .filter(([id, module]) => module.renderedLength > 0 && id.startsWith(REPO))
          .map(([id]) => relative(REPO, id).split('\\').join('/'))
          .sort();
        const list: ListFile = {
          note: `Written by \`${COMMAND}\` (web/build/panels-chunk.ts): the modules of the landing panels' chunk.`,
          modules,
        };
        writeFileSync(LIST_FILE, JSON.stringify(list, null, 2) + '\n');
        return;
      }
      const listed = listedModules();
      const built = new Set(
        Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? item.moduleIds : [])),
      );
      const stale = [
        ...[...listed].filter((id) => !built.has(id)).map((id) => `${relative(REPO, id)} is in no chunk`),
        ...chunks
          .filter((chunk) => !chunk.moduleIds.some((id) => listed.has(id)))
          .map((chunk) => `every landing panel loads ${chunk.fileName}, which is not in the panels' chunk`),
        ...[...landing]
          .filter((file) => (bundle[file] as Rolldown.OutputChunk).moduleIds.some((id) => listed.has(id)))
          .map((file) => `the landing's own lazy parts load the panels' chunk (${file})`),
      ];
      // The group itself (web/vite.config.ts, panelsChunkGroups): every listed module in one chunk.
      const holding = Object.values(bundle).filter(
        (item): item is Rolldown.OutputChunk =>
          item.type === 'chunk' && item.moduleIds.some((id) => listed.has(id)),
      );
      if (holding.length > 1)
        this.error(
          `Panels' chunk: the listed modules are in ${holding.length} chunks, not one: ` +
            'is panelsChunkGroups() among codeSplitting.groups in web/vite.config.ts?',
        );
      if (stale.length > 0)
        this.error(
          `Panels' chunk: web/build/panels-chunk.json is stale (${stale.join('; ')}). Run \`${COMMAND}\`.`,
        );
    },
  };
}
