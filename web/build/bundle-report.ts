import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** The package (or our own folder) a module belongs to, for the bundle report. */
function groupOf(id: string): string {
  const clean = id.replace(/\?.*$/, '');
  const nm = clean.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const rest = clean.slice(nm + '/node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const src = clean.match(/\/(web\/src|shared\/src)\/(.*)$/);
  if (src) {
    const parts = src[2]!.split('/');
    return `${src[1]}/${parts.slice(0, Math.min(parts.length - 1, parts[0] === 'features' ? 2 : 1)).join('/') || parts[0]}`;
  }
  return clean.startsWith('\0') ? 'virtual' : 'other';
}

const kb = (n: number) => Math.round((n / 1024) * 10) / 10;

/**
 * Writes the bundle report as numbers (docs/decisions/012-landing-performance.md): every chunk's
 * size and gzip size, whether it is the entry, and what is in it, by package or source folder
 * (rendered bytes, before minification's gzip). Only when BUNDLE_REPORT names the file to write
 * (`npm run bench:web` does).
 */
export function bundleReport(): Plugin {
  return {
    name: 'bundle-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      const file = process.env.BUNDLE_REPORT;
      if (!file || this.environment.name !== 'client') return;
      const chunks = Object.values(bundle)
        .filter((item) => item.type === 'chunk')
        .map((chunk) => {
          const groups = new Map<string, number>();
          for (const [id, info] of Object.entries(chunk.modules)) {
            const group = groupOf(id);
            groups.set(group, (groups.get(group) ?? 0) + info.renderedLength);
          }
          return {
            file: chunk.fileName,
            entry: chunk.isEntry,
            kb: kb(chunk.code.length),
            gzipKb: kb(gzipSync(chunk.code).length),
            imports: chunk.imports,
            contents: Object.fromEntries(
              [...groups].sort((a, b) => b[1] - a[1]).map(([group, bytes]) => [group, kb(bytes)]),
            ),
          };
        })
        .sort((a, b) => b.gzipKb - a.gzipKb);
      writeFileSync(file, JSON.stringify({ chunks }, null, 2) + '\n');
    },
  };
}
