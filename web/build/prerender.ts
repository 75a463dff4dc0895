import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';

type Language = 'ar' | 'en';
type Prerender = {
  renderLanding: (language: Language) => string;
  headTexts: (language: Language) => { title: string; description: string };
};

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * One page in one language: `<html lang dir>`, the title and description in that language, and
 * either the landing page's markup in #root (marked with its language for main.tsx) or nothing.
 */
function page(
  template: string,
  language: Language,
  head: { title: string; description: string },
  font: string | undefined,
  markup = '',
  modules: string[] = [],
) {
  // The font of the page's own script, fetched at once rather than after the stylesheet is parsed;
  // and on pages other than the landing page, their route table (app/more-routes.tsx), beside the
  // first script rather than after it.
  const preload =
    (font ? `<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/${font}">\n  ` : '') +
    modules.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">\n  `).join('') +
    '</head>';
  return template
    .replace('</head>', preload)
    .replace(
      /<html lang="[^"]*" dir="[^"]*">/,
      `<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">`,
    )
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title)}</title>`)
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeHtml(head.description)}" />`,
    )
    .replace(
      '<div id="root"></div>',
      markup ? `<div id="root" data-prerendered="${language}">${markup}</div>` : '<div id="root"></div>',
    );
}

/**
 * Prerenders the landing page at build time (docs/decisions/012-landing-performance.md). After the
 * client build is written, the app is built once more for Node (SSR, web/src/app/prerender.tsx),
 * and its landing page rendered in Arabic and English into the built index.html:
 *   index.html     Arabic landing (`/`, and the file the assets binding falls back to)
 *   index-en.html  English landing (`/?lang=en`, or the `lang=en` cookie)
 *   shell.html, shell-en.html  every other page: the same head, an empty #root
 * The worker picks the file per request (worker/src/lib/pages.ts), the service worker offline.
 * Runs in writeBundle, before vite-plugin-pwa's closeBundle lists the files to precache.
 */
export function prerenderLanding(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'prerender-landing',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle(_options, bundle) {
      const moreRoutes = Object.values(bundle).find(
        (file) => file.type === 'chunk' && file.facadeModuleId?.endsWith('/src/app/more-routes.tsx'),
      );
      if (!moreRoutes) throw new Error('no chunk for src/app/more-routes.tsx');
      const outDir = resolve(config.root, config.build.outDir);
      const ssrOut = join(config.root, '../node_modules/.tmp/prerender');
      rmSync(ssrOut, { recursive: true, force: true });
      mkdirSync(ssrOut, { recursive: true });
      await build({
        configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
        mode: config.mode,
        logLevel: 'warn',
        build: { ssr: 'src/app/prerender.tsx', outDir: ssrOut, emptyOutDir: true, copyPublicDir: false },
      });
      const prerender = (await import(
        `${pathToFileURL(join(ssrOut, 'prerender.js')).href}?t=${Date.now()}`
      )) as Prerender;
      const template = readFileSync(join(outDir, 'index.html'), 'utf8');
      if (!template.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root');
      const fonts = readdirSync(join(outDir, 'assets'));
      const fontFor = (subset: string) =>
        fonts.find((file) => file.startsWith(`cairo-${subset}-wght-normal-`) && file.endsWith('.woff2'));
      for (const language of ['ar', 'en'] as const) {
        const font = fontFor(language === 'ar' ? 'arabic' : 'latin');
        const head = prerender.headTexts(language);
        const markup = prerender.renderLanding(language);
        const suffix = language === 'ar' ? '' : '-en';
        writeFileSync(join(outDir, `index${suffix}.html`), page(template, language, head, font, markup));
        writeFileSync(
          join(outDir, `shell${suffix}.html`),
          page(template, language, head, font, '', [moreRoutes.fileName]),
        );
      }
      rmSync(ssrOut, { recursive: true, force: true });
    },
  };
}
