import linguiApi from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import type { Plugin, Rolldown } from 'vite';

const { createCompiledCatalog, createMissingErrorMessage, extractor, getCatalogForFile, getCatalogs } =
  linguiApi;

const SRC = fileURLToPath(new URL('../src/', import.meta.url));

/** LANDING_ROOTS of web/src/app/landing-roots.ts (read as text: the app's sources are not this project's). */
export function landingRoots(): string[] {
  const text = readFileSync(resolve(SRC, 'app/landing-roots.ts'), 'utf8');
  const roots = [...text.matchAll(/^\s*'([\w/.-]+\.tsx?)',?$/gm)].map((m) => m[1]!);
  if (roots.length === 0) throw new Error('Landing catalogue: no roots in web/src/app/landing-roots.ts');
  return roots;
}

const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

function resolveSource(specifier: string, from: string): string | undefined {
  let base: string;
  if (specifier.startsWith('@/')) base = resolve(SRC, specifier.slice(2));
  else if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else return undefined; // a package, or shared/src (its texts are in its own catalogues)
  if (/\.tsx?$/.test(base) && existsSync(base)) return base;
  for (const extension of EXTENSIONS) if (existsSync(base + extension)) return base + extension;
  return undefined;
}

/** The modules a source file imports statically (not `import type`, not `import()`). */
function staticImports(file: string, code: string): string[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      if (statement.importClause?.isTypeOnly) continue;
    } else if (ts.isExportDeclaration(statement)) {
      if (statement.isTypeOnly || !statement.moduleSpecifier) continue;
    } else continue;
    const specifier = statement.moduleSpecifier;
    if (specifier && ts.isStringLiteral(specifier)) {
      const resolved = resolveSource(specifier.text, file);
      if (resolved) found.push(resolved);
    }
  }
  return found;
}

/** The web source files the landing page runs: its roots and their static imports. */
export function landingModules(roots = landingRoots()): string[] {
  const seen = new Set<string>();
  const queue = roots.map((root) => resolve(SRC, root));
  for (const file of queue) if (!existsSync(file)) throw new Error(`Landing catalogue: no ${file}`);
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(file, readFileSync(file, 'utf8')));
  }
  return [...seen].sort();
}

/** The ids (as in the compiled catalogues) of every message `files` use. */
async function messageIds(files: string[]): Promise<Set<string>> {
  const linguiConfig = getConfig({ cwd: resolve(SRC, '../..'), skipValidation: true });
  const ids = new Set<string>();
  for (const file of files) {
    const code = readFileSync(file, 'utf8');
    if (!code.includes('@lingui/')) continue;
    await extractor.extract(file, code, (message) => ids.add(message.id), { linguiConfig });
  }
  return ids;
}

/** The ids of every message the landing page's files use. */
export function landingMessageIds(): Promise<Set<string>> {
  return messageIds(landingModules());
}

/** Where the back office's own screens live (most of the app's messages): not in the guest catalogue. */
export const STAFF_AREA = 'features/admin/';

/** Every web source file outside the back office's own screens (STAFF_AREA), tests left out. */
export function guestModules(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return relative(SRC, path) + '/' === STAFF_AREA ? [] : guestModules(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The ids of every message the guest's side uses: every file outside the staff area. */
export function guestMessageIds(): Promise<Set<string>> {
  return messageIds(guestModules());
}

const SUBSET_QUERY = /\.po\?(landing|guest)$/;
type Subset = 'landing' | 'guest';

/**
 * `import('@/locales/ar.po?landing')`: the language's catalogue with the landing page's messages
 * only (landingMessageIds), compiled as Lingui's Vite plugin compiles the whole one
 * (`@/locales/ar.po`), which every other page loads (lib/i18n.ts). The dev server serves the
 * whole catalogue under both names, so an edit never shows a missing text there; builds and the
 * unit tests get the subset.
 */
export function landingCatalog({ failOnMissing = false } = {}): Plugin {
  let subset = true;
  const ids: Partial<Record<Subset, Promise<Set<string>>>> = {};
  const idsOf = (kind: Subset) =>
    (ids[kind] ??= kind === 'landing' ? landingMessageIds() : guestMessageIds());
  // Every message id of the app (the whole catalogue's), once a landing catalogue was built.
  let everyId: Set<string> | undefined;
  return {
    name: 'landing-catalog',
    enforce: 'pre',
    configResolved(config) {
      subset = config.command === 'build' || config.mode === 'test';
    },
    resolveId: {
      filter: { id: SUBSET_QUERY },
      async handler(source, importer) {
        const [file, kind] = source.split('?') as [string, Subset];
        const resolved = await this.resolve(file, importer, { skipSelf: true });
        return resolved ? `${resolved.id}?${kind}` : null;
      },
    },
    load: {
      filter: { id: SUBSET_QUERY },
      async handler(id) {
        const [file, kind] = id.split('?') as [string, Subset];
        const linguiConfig = getConfig({ cwd: resolve(SRC, '../..') });
        const fileCatalog = getCatalogForFile(
          relative(linguiConfig.rootDir ?? '', file),
          await getCatalogs(linguiConfig),
        );
        if (!fileCatalog) throw new Error(`Landing catalogue: ${file} is not one of Lingui's catalogues`);
        const { locale, catalog } = fileCatalog;
        this.addWatchFile(file);
        const { messages, missing } = await catalog.getTranslations(locale, {
          fallbackLocales: linguiConfig.fallbackLocales || {},
          sourceLocale: linguiConfig.sourceLocale ?? '',
        });
        const wanted = subset ? await idsOf(kind) : undefined;
        everyId = new Set(Object.keys(messages));
        const keep = (id: string) => !wanted || wanted.has(id);
        const missingHere = missing.filter((message) => keep(message.id));
        if (failOnMissing && missingHere.length > 0)
          throw new Error(createMissingErrorMessage(locale, missingHere, 'loader'));
        const { source, errors } = createCompiledCatalog(
          locale,
          Object.fromEntries(Object.entries(messages).filter(([id]) => keep(id))),
          { namespace: 'es', pseudoLocale: linguiConfig.pseudoLocale },
        );
        if (errors.length > 0)
          throw new Error(`Landing catalogue ${locale}: ${errors.length} messages do not compile`);
        return { code: source, map: null, moduleType: 'js' };
      },
    },
    // The checks that the subsets are right (message ids, 6 characters, are string literals in
    // the minified code); the build fails otherwise, rather than a page showing a message id:
    // - the built chunks of the landing's roots, and the chunks they import statically, use no
    //   message the landing's catalogue lacks;
    // - a chunk with no module of the staff area (the guest's side, whose parts wait for the guest
    //   catalogue: lib/lazy.ts) uses no message the guest catalogue lacks, and imports no chunk
    //   that holds one statically (the back office's screens wait for the whole: app/route-screen.ts).
    async generateBundle(_options, bundle) {
      if (!ids.landing || !ids.guest || !everyId || this.environment.name !== 'client') return;
      const all = everyId;
      const [landing, guest] = await Promise.all([ids.landing, ids.guest]);
      const chunks = new Map(
        Object.values(bundle).flatMap((item) =>
          item.type === 'chunk' ? [[item.fileName, item] as const] : [],
        ),
      );
      const lacking = (chunk: Rolldown.OutputChunk, wanted: Set<string>) =>
        [...chunk.code.matchAll(/[`"']([\w+/]{6})[`"']/g)]
          .map(([, id]) => id!)
          .filter((id) => all.has(id) && !wanted.has(id))
          .map((id) => `${chunk.fileName}: ${id}`);
      const roots = new Set(landingRoots().map((root) => resolve(SRC, root)));
      // (None in a build of something else with the same plugins: the service worker's.)
      const queue = [...chunks.values()].filter((chunk) => chunk.moduleIds.some((id) => roots.has(id)));
      const seen = new Set<string>();
      const wrong: string[] = [];
      for (const chunk of queue) {
        if (seen.has(chunk.fileName)) continue;
        seen.add(chunk.fileName);
        for (const imported of chunk.imports) if (chunks.has(imported)) queue.push(chunks.get(imported)!);
        wrong.push(...lacking(chunk, landing));
      }
      if (wrong.length > 0)
        this.error(
          `Landing catalogue: the landing's chunks use messages its catalogue lacks (${wrong.join(', ')}). ` +
            'List the module that uses them in web/src/app/landing-roots.ts and load it with landingLazy, or load it with lazy.',
        );
      const staff = resolve(SRC, STAFF_AREA);
      const inStaff = (id: string) => id.startsWith(staff);
      const guestWrong: string[] = [];
      for (const chunk of chunks.values()) {
        // (The catalogues themselves hold the ids: the whole one every id.)
        if (chunk.moduleIds.some(inStaff) || chunk.moduleIds.some((id) => /\.po(\?|$)/.test(id))) continue;
        guestWrong.push(...lacking(chunk, guest));
      }
      // The staff area's modules are reached from a route table only (its screens wait for the
      // whole catalogue): never imported by the guest's side, which waits for the guest catalogue.
      const routeTable = (id: string) => /\/app\/([\w-]+-)?routes\.tsx?$/.test(id);
      const short = (id: string) => relative(SRC, id);
      for (const id of new Set([...chunks.values()].flatMap((chunk) => chunk.moduleIds))) {
        if (!inStaff(id)) continue;
        const info = this.getModuleInfo(id);
        for (const importer of info?.importers ?? [])
          if (!inStaff(importer)) guestWrong.push(`${short(importer)} imports ${short(id)}`);
        for (const importer of info?.dynamicImporters ?? [])
          if (!inStaff(importer) && !routeTable(importer))
            guestWrong.push(`${short(importer)} imports ${short(id)} (not a route table)`);
      }
      if (guestWrong.length > 0)
        this.error(
          `Guest catalogue: the guest's side (outside ${STAFF_AREA}, waiting for the guest catalogue) would use the ` +
            `staff area's messages (${guestWrong.slice(0, 20).join(', ')}${guestWrong.length > 20 ? ', ...' : ''}). ` +
            "Load the staff area's modules only from a route table's screens (app/*routes.ts), or move what the guest's side uses out of it.",
        );
    },
  };
}
