import Beasties from 'beasties';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, minifySync, type Plugin, type ResolvedConfig, type Rolldown } from 'vite';

type Language = 'ar' | 'en';
type Prerender = {
  renderLanding: (language: Language) => string;
  headTexts: (language: Language) => { title: string; description: string };
  renderBusy: (language: Language) => string;
  renderLastKnown: (language: Language) => string;
  renderRoomCards: (language: Language) => string;
  renderBookForm: (language: Language) => string;
  renderQuickPanel: (language: Language) => string;
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
  boot?: string,
  firstScript?: string,
  busy = '',
  screenScript?: string,
  /** The landing page's header drawn from the last known account: its templates and script. */
  lastKnown?: { templates: string; script: string },
  /** The landing page's rooms drawn before the app: the cards' template and the script. */
  rooms?: { templates: string; script: string },
) {
  // The font of the page's own script, fetched at once rather than after the stylesheet is parsed;
  // and on pages other than the landing page, their route table (app/more-routes.tsx), beside the
  // first script rather than after it.
  const preload =
    (font ? `<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/${font}">\n  ` : '') +
    modules.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">\n  `).join('') +
    '</head>';
  const entryScript = /<script type="module" crossorigin src="\/assets\/[^"]+\.js"><\/script>/;
  if (boot && !entryScript.test(template)) throw new Error('index.html has no entry script to start later');
  const charset = '<meta charset="UTF-8" />';
  if (firstScript && !template.includes(charset)) throw new Error('index.html has no <meta charset>');
  // A shell's first requests, started as the HTML is read (app/first-requests.ts), or the landing
  // page's first script (app/landing-first.ts): the first thing in the head after the charset, so
  // it runs before anything the head names is asked for, and before anything is painted.
  const first = firstScript ? `${charset}\n    <script>${firstScript}</script>` : charset;
  // The template's own comments (a note for its readers): bytes in the first round trip.
  const bare = template.replace(/\s*<!--[\s\S]*?-->/g, '');
  return bare
    .replace(entryScript, (tag) =>
      boot
        ? `<script type="module" src="/${boot}"></script>`
        : // The staff screen's own code, named right after the app's entry (decision 087): before the
          // stylesheet, which would hold an inline script after it until it has loaded (100 ms and
          // more cold), and after the head's own files, which the browser's preload scanner has
          // asked for while the first script ran.
          tag + (screenScript ? `\n    <script>${screenScript}</script>` : ''),
    )
    .replace(charset, () => first)
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
      markup
        ? `<div id="root" data-prerendered="${language}">${markup}</div>` +
            // The boot's answer to a tap before the app has started (writeBoot): hidden until then.
            (busy ? `<div id="boot-busy" hidden>${busy}</div>` : '') +
            // A signed-in guest's header from what the phone last knew, drawn as soon as the
            // header has been read, before the first paint (app/last-known-draw.ts, decision 099).
            (lastKnown
              ? `${lastKnown.templates}\n    <script id="last-known-draw">${lastKnown.script}</script>`
              : '') +
            // The rooms with their prices, drawn from the answers the page's first script asked
            // for, and the taps on drawn parts kept for the app (app/rooms-draw.ts, decision 099).
            (rooms ? `${rooms.templates}\n    <script id="rooms-draw">${rooms.script}</script>` : '')
        : '<div id="root"></div>',
    );
}

/**
 * Prerenders the landing page at build time (docs/decisions/012-landing-performance.md). After the
 * client build is written, the app is built once more for Node (SSR, web/src/app/prerender.tsx),
 * and its landing page rendered in Arabic and English into the built index.html:
 *   index.html     Arabic landing (`/`, and the file the assets binding falls back to)
 *   index-en.html  English landing (`/?lang=en`, or the `lang=en` cookie)
 *   shell.html, shell-en.html  every other page: the same head, an empty #root
 * The worker picks the file per request (worker/src/modules/catalog/pages.ts), the service worker offline.
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
      const startChunks = appStartChunks(bundle);
      const firstScript = await inlineScript(
        config,
        'src/app/first-requests-start.ts',
        FIRST_SCRIPT_MAX_BYTES,
      );
      const landingFirst = await inlineScript(
        config,
        'src/app/landing-first-start.ts',
        LANDING_FIRST_MAX_BYTES,
      );
      const lastKnownDraw = await inlineScript(
        config,
        'src/app/last-known-draw-start.ts',
        LAST_KNOWN_DRAW_MAX_BYTES,
      );
      const roomsDraw = await inlineScript(config, 'src/app/rooms-draw-start.ts', ROOMS_DRAW_MAX_BYTES);
      const roomsCards = await inlineScript(config, 'src/app/rooms-cards-start.ts', ROOMS_CARDS_MAX_BYTES);
      const screenScript = screenCodeScript(bundle, config.root, [moreRoutes.fileName, ...startChunks]);
      const { file: boot, panels: bootPanels } = writeBoot(
        outDir,
        template,
        landingBootFiles(bundle, config.root, startChunks),
      );
      // The boot's list of files, for the landing page's first script (app/landing-first.ts).
      if (landingFirst.split(BOOT_FILES_PLACEHOLDER).length !== 2)
        throw new Error(`expected ${BOOT_FILES_PLACEHOLDER} once in the landing page's first script`);
      const landingFirstScript = landingFirst.replace(BOOT_FILES_PLACEHOLDER, `/assets/${bootPanels}`);
      const fonts = readdirSync(join(outDir, 'assets'));
      const fontFor = (subset: string) =>
        fonts.find((file) => file.startsWith(`cairo-${subset}-wght-normal-`) && file.endsWith('.woff2'));
      for (const language of ['ar', 'en'] as const) {
        const font = fontFor(language === 'ar' ? 'arabic' : 'latin');
        const head = prerender.headTexts(language);
        const markup = prerender.renderLanding(language);
        const suffix = language === 'ar' ? '' : '-en';
        const landing = await inlineCriticalCss(
          outDir,
          page(
            template,
            language,
            head,
            font,
            markup,
            [],
            boot,
            landingFirstScript,
            prerender.renderBusy(language),
            undefined,
            {
              templates: prerender.renderLastKnown(language),
              script: lastKnownDraw,
            },
            { templates: prerender.renderRoomCards(language), script: roomsDraw },
          ),
        );
        writeFileSync(
          join(outDir, `index${suffix}.html`),
          roomCardsOut(
            outDir,
            landing,
            roomsCards,
            language,
            prerender.renderBookForm(language),
            prerender.renderQuickPanel(language),
          ),
        );
        writeFileSync(
          join(outDir, `shell${suffix}.html`),
          page(
            template,
            language,
            head,
            font,
            '',
            [moreRoutes.fileName, ...startChunks],
            undefined,
            firstScript,
            '',
            screenScript,
          ),
        );
      }
      rmSync(ssrOut, { recursive: true, force: true });
    },
  };
}

/**
 * Where the landing page's first script takes the address of the boot's list of files
 * (app/landing-first.ts, BOOT_FILES_PLACEHOLDER: the same text).
 */
const BOOT_FILES_PLACEHOLDER = '/__boot-files__.js';

/** The first script's largest size (it was 93 KB with zod, 5.6 KB without; decision 087). */
const FIRST_SCRIPT_MAX_BYTES = 12_000;
/** The landing page's first script's largest size: it runs before the page is painted (decision 099). */
const LANDING_FIRST_MAX_BYTES = 3_000;
/**
 * The signed-in header's inline script's largest size (about 2.8 KB: the header's filling and the
 * keeper of taps on drawn parts), in a navigation with a session only (decision 099).
 */
const LAST_KNOWN_DRAW_MAX_BYTES = 3_400;
/**
 * The landing page's inline rooms script's largest size (about 0.7 KB: the cards' script fetched once
 * the largest paint is on screen): it runs once the first screen's
 * markup has been read, before the boot and the JSON-LD (decision 099, its addendum).
 */
const ROOMS_DRAW_MAX_BYTES = 1_200;

/**
 * The landing page's rooms cards script (decision 099, its addendum): about 12.9 KB, the rooms'
 * requests, the cards' filling, the one formatter of prices and counts, the keeper of taps, the
 * drawing of a room's booking form and of the quick booking panel (with its carousel's slides and a
 * copy closed and drawn again, about 3.9 KB of it), the quick booking panel's requests; its file adds
 * the cards', the form's and the panel's templates. Fetched once the largest paint is on screen, not
 * in the page's HTML.
 */
const ROOMS_CARDS_MAX_BYTES = 13_100;

/**
 * The landing page's HTML at most, gzip (level 6; the worker's gzip makes it about 3% smaller): with
 * the response's headers (about 1.1 KB, the policy's hashes among them), within a cold connection's
 * first round trip, TCP's initial window of ten segments of 1,460 bytes. A page past it arrives a
 * round trip later on a slow connection, and everything the first screen asks for after it with it:
 * Lighthouse's simulated LCP went from 1.4 to 1.76 s when the page grew from 12.8 to 16.3 KB (the
 * rooms' template and script, decision 099, its addendum; a page of 14,601 bytes with its headers
 * takes one round trip more than one of 14,600 in Lighthouse's simulation).
 */
const LANDING_HTML_MAX_GZIP_BYTES = 13_900;

/**
 * The cards' template out of the landing page into the rooms cards script's file of its language
 * (`assets/rooms-cards-<language>-<hash>.js`: the template put into the page, then the script), named
 * in the inline rooms script's `data-cards`. The template is in the page up to here so that the
 * first screen's inlined rules keep the cards' (Beasties matches it). The booking form's template
 * goes into the same file as a string, put into the page only when a form is drawn; never into the
 * HTML: its rules come with the whole stylesheet, which its drawing waits for (app/book-form-draw.ts).
 */
/** Where the rooms cards script's file leaves the booking form's template (app/book-form-draw.ts). */
const BOOK_FORM_HTML = '__bookFormHtml';
/** Where it leaves the quick booking panel's template (app/quick-panel-draw.ts). */
const QUICK_PANEL_HTML = '__quickPanelHtml';

function roomCardsOut(
  outDir: string,
  html: string,
  script: string,
  language: Language,
  /** A room's booking form drawn before the app (`<template id="book-form">`, app/book-form-draw.ts). */
  bookForm: string,
  /** The quick booking panel drawn before the app (`<template id="quick-panel">`, app/quick-panel-draw.ts). */
  quickPanel: string,
): string {
  const templates = html.match(/<template id="room-cards"[^>]*>[\s\S]*?<\/template>/g) ?? [];
  const [cards] = templates;
  if (templates.length !== 1 || !cards || cards.lastIndexOf('<template') > 0)
    throw new Error('expected one room cards template, without a template inside, in the landing page');
  if (!bookForm.startsWith('<template id="book-form">'))
    throw new Error('expected the booking form template');
  if (!quickPanel.startsWith('<template id="quick-panel"'))
    throw new Error('expected the quick booking panel template');
  // The form's template is put into the page only at a tap (app/book-form-draw.ts): parsed with the
  // cards, it would delay their drawing for a form few visits open.
  const code = `document.body.insertAdjacentHTML("beforeend",${JSON.stringify(cards)});\nwindow.${BOOK_FORM_HTML}=${JSON.stringify(bookForm)};\nwindow.${QUICK_PANEL_HTML}=${JSON.stringify(quickPanel)};\n${script}\n`;
  const file = `assets/rooms-cards-${language}-${createHash('sha256').update(code).digest('hex').slice(0, 8)}.js`;
  writeFileSync(join(outDir, file), code);
  const tag = '<script id="rooms-draw">';
  if (!html.includes(tag)) throw new Error('expected the rooms script in the landing page');
  const out = html.replace(cards, '').replace(tag, `<script id="rooms-draw" data-cards="/${file}">`);
  const gzipped = gzipSync(out, { level: 6 }).length;
  if (gzipped > LANDING_HTML_MAX_GZIP_BYTES)
    throw new Error(
      `the landing page (${language}) is ${gzipped} bytes gzip, over ${LANDING_HTML_MAX_GZIP_BYTES}: ` +
        "past a cold connection's first round trip (roomCardsOut)",
    );
  return out;
}

/**
 * A module of the app built on its own into one small classic script, to be written inline into
 * a page's HTML (the worker allows it by its hash, modules/catalog/pages.ts, so the CSP stays strict):
 * - the shell's first script (docs/decisions/070-first-requests-in-the-html.md,
 *   app/first-requests-start.ts), in the HTML of every page but the landing page: it asks for the
 *   screen's first data and the sign-in lookup as the HTML is read, where the app's own code would
 *   ask only once it has arrived and run;
 * - the landing page's first script (docs/decisions/099-landing-first-second.md,
 *   app/landing-first-start.ts), at the top of its head: the stored language, `?admin=true` and the
 *   remembered back-office page, before the page is painted.
 */
async function inlineScript(config: ResolvedConfig, entry: string, maxBytes: number): Promise<string> {
  const result = await build({
    configFile: false,
    root: config.root,
    mode: config.mode,
    logLevel: 'warn',
    resolve: { alias: config.resolve.alias },
    build: {
      write: false,
      minify: true,
      copyPublicDir: false,
      target: config.build.target,
      lib: {
        entry: join(config.root, entry),
        formats: ['iife'],
        name: 'inlineScript',
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((out) =>
    'output' in out ? out.output : [],
  );
  const chunk = outputs.find((file) => file.type === 'chunk');
  if (!chunk) throw new Error(`no script built from ${entry}`);
  const code = chunk.code.trim();
  // Written between <script> and </script>: nothing in it may end the element or start a comment.
  if (/<\/script|<!--/i.test(code)) throw new Error(`${entry} cannot be inlined as it is`);
  // It runs before the parser reads on, so every kilobyte delays the page: zod came in with one
  // import of a module defining schemas (93 KB, 180 ms to run cold; decision 087).
  if (code.length > maxBytes)
    throw new Error(
      `the script built from ${entry} is ${code.length} bytes, over ${maxBytes}: ` +
        'does it import a module with schemas (zod) or a library?',
    );
  return code;
}

/**
 * The staff screens a desk waits for (docs/decisions/087-staff-screens-at-a-full-house.md): the
 * address, and the modules the route table loads for it (app/more-routes.tsx: the screen, its first
 * queries' options, react-aria's providers every screen renders in).
 */
const STAFF_SCREENS: [path: string, modules: string[]][] = [
  [
    '/admin/front-desk',
    [
      'features/admin/front-desk/components/front-desk-screen.tsx',
      'features/admin/front-desk/api/front-desk.ts',
    ],
  ],
  [
    '/admin/bookings',
    [
      'features/admin/bookings/components/booking-alerts-screen.tsx',
      'features/admin/bookings/api/first-queries.ts',
    ],
  ],
  [
    '/admin/tape-chart',
    [
      'features/admin/tape-chart/components/tape-chart-screen.tsx',
      'features/admin/tape-chart/api/tape-chart.ts',
    ],
  ],
  [
    '/admin/rates',
    ['features/admin/rates/components/rate-calendar-screen.tsx', 'features/admin/rates/api/rates.ts'],
  ],
  [
    '/admin/channel',
    ['features/admin/channel/components/channel-screen.tsx', 'features/admin/channel/api/channel.ts'],
  ],
  [
    '/admin/groups',
    ['features/admin/groups/components/groups-screen.tsx', 'features/admin/groups/api/groups.ts'],
  ],
  [
    '/admin/reports',
    [
      'features/admin/reports/components/reports-router.tsx',
      'features/admin/reports/components/reports-screen.tsx',
    ],
  ],
  [
    '/admin/reports/flash',
    [
      'features/admin/reports/components/reports-router.tsx',
      'features/admin/reports/components/flash-screen.tsx',
      'features/admin/reports/api/reports.ts',
    ],
  ],
  [
    '/admin/day-close',
    ['features/admin/day-close/components/day-close-screen.tsx', 'features/admin/day-close/api/day-close.ts'],
  ],
  [
    '/admin/invoices',
    ['features/admin/invoices/components/invoices-screen.tsx', 'features/admin/invoices/api/invoices.ts'],
  ],
  [
    '/admin/housekeeping/board',
    [
      'features/admin/housekeeping-tasks/components/board-screen.tsx',
      'features/admin/housekeeping-tasks/api/tasks.ts',
    ],
  ],
];

/** Staff screens whose code must not bring zod (their forms, which need it, are lazy dialogs). */
const WITHOUT_ZOD = new Set([
  '/admin/front-desk',
  '/admin/bookings',
  '/admin/tape-chart',
  '/admin/housekeeping/board',
]);

/**
 * Staff screens that draw before their date field arrives (`LazyDatePicker`): react-aria's date
 * picker and its calendar, about 150 KB, are not among their first files (decision 087).
 */
const WITHOUT_DATE_PICKER = new Set(['/admin/front-desk', '/admin/bookings', '/admin/tape-chart']);
const DATE_PICKER_MODULE =
  /\/node_modules\/@react-(aria|stately)\/datepicker\/|\/src\/components\/ui\/date-picker\.tsx$/;

/**
 * The shell's second script (decision 087), written right after the app's entry script: on a staff screen's
 * address, on a device with a session (the readable hint), it names the screen's chunks and every
 * chunk they import (`modulepreload`), so that they are fetched and compiled while the app's own
 * first scripts are, rather than once the app has started and matched the route (cold, 1-1.5 s
 * later on the two-core machine; the chain decision 055 measured). It stands before the stylesheet,
 * which would hold it until loaded, and runs after the first script, while which the browser's
 * preload scanner has asked for the head's own files. The worker allows it by its hash, as the first.
 */
function screenCodeScript(bundle: Rolldown.OutputBundle, root: string, preloaded: string[]): string {
  const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry);
  const skip = new Set([...preloaded, ...(entry ? [entry.fileName] : [])]);
  const providers = join(root, 'src/components/aria-scope/aria-providers.tsx');
  const map: Record<string, string[]> = {};
  for (const [path, modules] of STAFF_SCREENS) {
    const files = new Set<string>();
    const add = (fileName: string) => {
      if (skip.has(fileName) || files.has(fileName)) return;
      files.add(fileName);
      for (const imported of byName.get(fileName)?.imports ?? []) add(imported);
    };
    for (const id of [...modules.map((module) => join(root, 'src', module)), providers]) {
      const chunk = chunks.find((c) => c.moduleIds.includes(id));
      if (!chunk) throw new Error(`no chunk holds ${id} (web/build/prerender.ts, STAFF_SCREENS)`);
      add(chunk.fileName);
    }
    // The desk's screens draw without zod (88 KB): a constant imported from a schema module brings
    // it back (decision 087; such constants live in shared/src/constants.ts and the like).
    const zod = [...files].find((file) =>
      byName.get(file)?.moduleIds.some((id) => /\/node_modules\/zod\//.test(id)),
    );
    if (WITHOUT_ZOD.has(path) && zod)
      throw new Error(
        `${path} loads zod (${zod}) before it draws: import the constant from a module without schemas`,
      );
    const datePicker = [...files].find((file) =>
      byName.get(file)?.moduleIds.some((id) => DATE_PICKER_MODULE.test(id)),
    );
    if (WITHOUT_DATE_PICKER.has(path) && datePicker)
      throw new Error(
        `${path} loads the date picker (${datePicker}) before it draws: use LazyDatePicker (components/ui/lazy-date-picker.tsx)`,
      );
    map[path] = [...files].map((file) => file.replace(/^assets\//, ''));
  }
  const code = `(function (map) {
  var path = location.pathname.toLowerCase().replace(/\\/$/, '');
  var files = map[path];
  // The readable sign-in hint (SIGNED_IN_HINT_COOKIE): without it, no session and nothing to show.
  if (!files || !/(^|; )signed_in=1(;|$)/.test(document.cookie)) return;
  for (var i = 0; i < files.length; i++) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = '/assets/' + files[i];
    document.head.appendChild(link);
  }
})(${JSON.stringify(map)});`;
  if (/<\/script|<!--/i.test(code)) throw new Error('the screen code script cannot be inlined as it is');
  return code;
}

/**
 * The chunks the entry (app/main.tsx) imports one after the other as it starts, React DOM and
 * then the app (app/start.tsx), with every chunk they import statically: fetched with the entry
 * (`modulepreload`: fetched and compiled, evaluated only when imported), so that splitting the
 * evaluation in two tasks costs no round trip.
 */
export function appStartChunks(bundle: Rolldown.OutputBundle): string[] {
  const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
  const entry = chunks.find(
    (chunk) => chunk.isEntry && chunk.moduleIds.some((id) => id.endsWith('/src/app/main.tsx')),
  );
  if (!entry) throw new Error('no entry chunk with src/app/main.tsx');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files = new Set<string>();
  const add = (fileName: string) => {
    if (fileName === entry.fileName || files.has(fileName)) return;
    files.add(fileName);
    for (const imported of byName.get(fileName)?.imports ?? []) add(imported);
  };
  for (const fileName of entry.dynamicImports) add(fileName);
  const start = chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith('/src/app/start.tsx')));
  if (!start || !files.has(start.fileName)) throw new Error('the entry does not import src/app/start.tsx');
  return [...files];
}

/**
 * The landing page's first script (docs/decisions/053-first-paint-without-waiting.md and
 * 086-landing-app-starts-on-intent.md): a few hundred bytes that start the app's entry when the
 * guest shows an intent, or once the page has been shown and left alone for a while, never
 * during the page's load. The page is whole without JavaScript (prerendered; its cards are
 * links), so the entry (about 100 KB gzip) no longer shares a slow connection with the
 * stylesheet, the font and the hero photo, and its evaluation, React's takeover of the page and
 * its first requests no longer keep the main thread busy while the page loads.
 *
 * - Intent: the first pointer press, touch, key, wheel or scroll, or a mouse moving over the page
 *   (a move that moved: not the browser's hover update where a resting pointer already stood).
 *   The app then starts 300 ms later (after the frame that answers a tap, not inside it): the
 *   rooms below the first screen load while the guest scrolls towards them.
 * - Idle: IDLE_AFTER_LOAD_MS after the load event and the browser's report that the first screen
 *   was shown (a largest-contentful-paint entry for an image, the hero; not the blurred data:
 *   placeholder; without such an entry, 300 ms after the load event), at the browser's next idle
 *   moment: a guest who only looks gets the app (and the service worker, for the next visit
 *   offline) without touching anything.
 * - A tap on a link or button before the app has taken the page over is answered at once: the
 *   app's own "Loading…" overlay (prerendered, hidden, #boot-busy) is shown, the app started once
 *   that frame is painted, and
 *   the same tap given to the same element once the app has started (the `app-started` event,
 *   app/start.tsx); an element the app rendered afresh instead (another language stored, another
 *   query) is followed as a link, or left for another tap. A link with a modifier key, or one to
 *   a place on the page (skip to content), is left to the browser.
 * Starting the app means: the chunks it imports preloaded, then the whole stylesheet linked (the
 * page's HTML has only the first screen's rules inlined, and the link inside <noscript>), and the
 * entry imported once it has loaded, so the app renders nothing the inlined rules do not cover.
 * Other pages keep the entry itself: they have nothing to show before it.
 */
const IDLE_AFTER_LOAD_MS = 3_000;

/**
 * The landing cards' panels (app/landing-panels.tsx, its `loaders`) and their modules: what the boot
 * fetches when a card is tapped before the app has started, or asked for in the address.
 */
export const LANDING_PANELS = {
  assistant: 'features/assistant/components/assistant-modal.tsx',
  quick: 'features/rooms/components/quick-booking-panel.tsx',
  events: 'features/events/components/events-panel.tsx',
  offers: 'features/rooms/components/offers-panel.tsx',
  services: 'features/services/components/services-panel.tsx',
} as const;

/**
 * A room's booking form (the booking flow's dialogs and the form): what the boot fetches when a
 * room card's Book Now drawn before the app (app/rooms-draw.ts) is tapped before the app has started.
 */
const BOOKING_FORM = [
  'features/bookings/components/booking-flow-dialogs.tsx',
  'features/bookings/components/booking-form-modal.tsx',
];

/** What the landing page's boot script fetches, by purpose (file names under assets/). */
type BootFiles = {
  /** The app's start: the chunks the entry imports (React DOM, the app) and their static imports. */
  start: string[];
  /** Each language's catalogue of the landing page's own messages. */
  landing: Record<Language, string>;
  /**
   * What a card's panel needs beyond the app's start, in a module of its own (`boot-panels-*.js`),
   * which the boot imports only when a panel is wanted before the app has started (a card pressed,
   * an address asking for one): the first load neither fetches nor evaluates it.
   */
  panels: {
    /** Each language's guest catalogue (a panel shows more than the first screen's messages). */
    guest: Record<Language, string>;
    /** All the files, once: the panels' lists below are indexes into it. */
    files: string[];
    /**
     * Each card's panel: its code with react-aria's providers and what they import (indexes); and
     * `book`, a room's booking form with them.
     */
    panels: Record<keyof typeof LANDING_PANELS | 'book', number[]>;
  };
};

function landingBootFiles(bundle: Rolldown.OutputBundle, root: string, startChunks: string[]): BootFiles {
  const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry);
  const holding = (id: string) => {
    const chunk = chunks.find((c) => c.moduleIds.includes(id));
    if (!chunk) throw new Error(`no chunk holds ${id} (web/build/prerender.ts, landingBootFiles)`);
    return chunk.fileName;
  };
  const name = (fileName: string) => fileName.replace(/^assets\//, '');
  const catalog = (language: Language, subset: 'landing' | 'guest') =>
    name(holding(join(root, `src/locales/${language}.po?${subset}`)));
  const skip = new Set([...startChunks, ...(entry ? [entry.fileName] : [])]);
  const files: string[] = [];
  const panels = {} as BootFiles['panels']['panels'];
  const wanted = [
    ...Object.entries(LANDING_PANELS).map(([panel, module]) => [panel, ['app/landing-panels.tsx', module]]),
    ['book', BOOKING_FORM],
  ] as [keyof BootFiles['panels']['panels'], string[]][];
  for (const [panel, modules] of wanted) {
    const list = new Set<string>();
    const add = (fileName: string) => {
      if (skip.has(fileName) || list.has(fileName)) return;
      list.add(fileName);
      for (const imported of byName.get(fileName)?.imports ?? []) add(imported);
    };
    for (const id of ['components/aria-scope/aria-providers.tsx', ...modules])
      add(holding(join(root, 'src', id)));
    panels[panel] = [...list].map((fileName) => {
      const index = files.indexOf(name(fileName));
      return index >= 0 ? index : files.push(name(fileName)) - 1;
    });
  }
  return {
    start: startChunks.map(name),
    landing: { ar: catalog('ar', 'landing'), en: catalog('en', 'landing') },
    panels: { guest: { ar: catalog('ar', 'guest'), en: catalog('en', 'guest') }, files, panels },
  };
}

function writeBoot(outDir: string, template: string, bootFiles: BootFiles): { file: string; panels: string } {
  const entry = /<script type="module" crossorigin src="\/assets\/([^"]+\.js)"><\/script>/.exec(
    template,
  )?.[1];
  if (!entry) throw new Error('index.html has no entry script');
  const stylesheet = /<link rel="stylesheet" crossorigin href="\/assets\/([^"]+\.css)">/.exec(template)?.[1];
  if (!stylesheet) throw new Error('index.html has no stylesheet');
  // The panels' files: a module of its own, named by its content (fetched by the landing page's
  // first script, app/landing-first.ts, when the address asks for a panel).
  const panelsCode = `export default ${JSON.stringify(bootFiles.panels)};\n`;
  const panelsFile = `boot-panels-${createHash('sha256').update(panelsCode).digest('hex').slice(0, 8)}.js`;
  writeFileSync(join(outDir, 'assets', panelsFile), panelsCode);
  const code = `const boot = ${JSON.stringify({ start: bootFiles.start, landing: bootFiles.landing })};
let shown = false;
let loaded = document.readyState === 'complete';
let started = false;
let idleSoon = false;
let tapped = null;
let drawnTap = false;
const root = document.getElementById('root');
const busy = document.getElementById('boot-busy');
const language = document.documentElement.lang === 'en' ? 'en' : 'ar';
const params = new URLSearchParams(location.search);
const fetched = new Set();
const preload = (files) => {
  for (const file of files) {
    if (fetched.has(file)) continue;
    fetched.add(file);
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = new URL(file, import.meta.url).href;
    document.head.append(link);
  }
};
// What a card's panel needs beyond the app's start: its code with react-aria's providers, and
// the guest's messages of the language (the landing page's own catalogue holds only the first screen's).
// (The cards are links to the address that opens their panel: /?quick=true.)
const panelOf = (element) => {
  const link = element instanceof Element ? element.closest('a[href^="/?"]') : null;
  return link && root && root.contains(link) ? [...new URL(link.href).searchParams.keys()][0] : undefined;
};
// A room card's button drawn before the app (its Book Now; not its photo): its room type. The app
// opens its booking form as it starts (app/panel-first.tsx), and the boot fetches the form's code.
const bookOf = (element) =>
  element
    .closest('#rooms-drawn [data-testid^="room-tier-"] button:not([data-testid])')
    ?.closest('[data-testid^="room-tier-"]')
    .getAttribute('data-testid')
    .slice('room-tier-'.length) || undefined;
let panels;
const panelsFiles = () => (panels ??= import('./${panelsFile}'));
const want = (panel) => {
  if (!panel) return;
  panelsFiles();
  panels.then(
    ({ default: files }) =>
      preload([files.guest[language], ...(files.panels[panel] ?? []).map((index) => files.files[index])]),
    () => {}, // (a deploy meanwhile: the app fetches what it needs itself)
  );
};
// The browser's first use of Intl loads its locale data: about 50-60 ms at a 4x slower CPU. A page
// that drew nothing with it (an address asking for a panel: no room cards) would pay that in the
// panel's first render (react-aria reads the locale as its code is evaluated); the page pays it while
// it waits for the panel's files instead: in a task of its own right after the start's, not at an
// idle moment, which a busy phone had none of before the panel's code came (a profile of the quick
// card tapped at load: react-aria's locale lookup, 49 ms, in the panel's evaluation).
const warmIntl = () =>
  setTimeout(() => {
    try {
      new Intl.NumberFormat(language === 'ar' ? 'ar-OM' : 'en-OM').format(1);
      Intl.DateTimeFormat.supportedLocalesOf([language]);
    } catch {}
  });
let sheetLoaded;
const sheetReady = new Promise((resolve) => (sheetLoaded = resolve));
const start = (sheetFirst) => {
  if (started) return;
  started = true;
  for (const type of intents) removeEventListener(type, onIntent, true);
  // The whole stylesheet, beside the app's code: the app renders once it has loaded (app/start.tsx),
  // so it shows nothing the first screen's inlined rules do not cover; so does a room's booking form
  // drawn before the app, for which it is asked for first (over HTTP/1.1 requests queue in the
  // order they are made; otherwise the code first: it has to be evaluated too).
  if (sheetFirst !== true) preload([...boot.start, boot.landing[language]]);
  const sheet = document.createElement('link');
  sheet.rel = 'stylesheet';
  sheet.crossOrigin = 'anonymous';
  sheet.href = new URL('${stylesheet}', import.meta.url).href;
  sheet.onload = sheet.onerror = sheetLoaded;
  globalThis.__bootSheet = sheetReady;
  document.body.append(sheet);
  preload([...boot.start, boot.landing[language]]);
  import('./${entry}');
};
const intents = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'wheel', 'scroll'];
let soon = false;
// A mouse's move counts only if it moved: the browser also sends a move where the pointer rests
// (its hover update as the page is first laid out, movement 0), which is no guest's intent.
const stood = (event) => event.pointerType !== 'mouse' || (!event.movementX && !event.movementY);
const onIntent = (event) => {
  if (soon || (event.type === 'pointermove' && stood(event))) return;
  soon = true;
  setTimeout(start, 300);
};
for (const type of intents) addEventListener(type, onIntent, { capture: true, passive: true });
const early = (event) => {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const target = event.target instanceof Element ? event.target.closest('a[href], button') : null;
  if (!target || !root || !root.contains(target)) return;
  if (target.matches('a[href^="#"]')) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  // A button of a part drawn before the app (the rooms, a signed-in guest's header): a copy
  // without the app's handler. The page keeps the tap and gives it to the app's own button once
  // that has replaced the copy (app/drawn-taps.ts), and takes the "Loading…" away then.
  // A room card's Book Now there: the app opens its booking form as it starts (__bootBook), and the
  // tap is not given again.
  // Its form's first screen is drawn at once, as soon as the stylesheet has loaded, from the copy
  // the rooms' script holds (app/book-form-draw.ts); the app's form takes it over (no "Loading…").
  // The quick booking card: its panel is drawn the same way, with the rooms the page drew
  // (app/quick-panel-draw.ts); the app's panel takes it over.
  const book = bookOf(target);
  const panel = panelOf(target);
  let drawn = false;
  // A Book Now once the app has taken the first one (null) but not yet started: the tap is kept for
  // the app's own button, which draws the form then (a copy drawn now might find no one to take it);
  // so the quick booking card then: the app opens its panel as it starts, with no copy.
  if (book && globalThis.__bootBook === null && globalThis.__drawnTaps?.keep(target)) drawnTap = true;
  else if (book) {
    globalThis.__bootBook = book;
    drawn = globalThis.__drawBook?.(book, sheetReady);
  } else if (panel === 'quick' && globalThis.__bootPanel !== null && globalThis.__drawPanel?.(sheetReady))
    drawn = true;
  else if (globalThis.__drawnTaps?.keep(target)) drawnTap = true;
  else tapped = target;
  // A card: the app opens its panel as it starts (app/landing-screen.tsx, takeBootPanel), beside
  // its start rather than after it; the tap is then not given again.
  if (panel) globalThis.__bootPanel = panel;
  // Its data asked for at once, beside its code (app/panel-requests.ts, from the rooms' script).
  if (panel) globalThis.__startPanelRequests?.(panel);
  if (busy && !drawn) busy.hidden = false;
  // The app's own files first (the browser asks for them in that order), then the panel's (or a
  // room's booking form, for a drawn card's Book Now: the app opens it once its own card is there).
  const wanted = panel ?? (book && 'book');
  requestAnimationFrame(() =>
    setTimeout(() => {
      start(drawn);
      want(wanted);
      if (panel || book) warmIntl();
    }),
  );
};
addEventListener('click', early, true);
addEventListener(
  'app-started',
  () => {
    removeEventListener('click', early, true);
    const target = tapped;
    tapped = null;
    if (!drawnTap) busy?.remove();
    // The app took the card's panel or the room's form (null): it is open, or opening.
    if (globalThis.__bootPanel === null || globalThis.__bootBook === null) return;
    if (target?.isConnected) target.click();
    else if (target instanceof HTMLAnchorElement) location.assign(target.href);
  },
  { once: true },
);
// An address that asks for something (a panel, the back office) starts the app at once, with
// every message of the language (whatever it asks for shows more than the first screen).
const asked = [...params.keys()].filter((key) => key !== 'lang');
if (asked.length > 0) {
  start();
  want(asked[0]);
  warmIntl();
}
const idle = () => {
  if (!shown || !loaded || idleSoon) return;
  idleSoon = true;
  setTimeout(
    () => ('requestIdleCallback' in window ? requestIdleCallback(start, { timeout: 1000 }) : start()),
    ${IDLE_AFTER_LOAD_MS},
  );
};
if (PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
  new PerformanceObserver((list, observer) => {
    if (!list.getEntries().some((e) => e.url && !e.url.startsWith('data:'))) return;
    observer.disconnect();
    shown = true;
    idle();
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}
const afterLoad = () => {
  loaded = true;
  // The panels' list of files (a few hundred bytes): there when a card is tapped.
  panelsFiles().catch(() => {});
  idle();
  setTimeout(() => ((shown = true), idle()), 300);
};
if (loaded) afterLoad();
else addEventListener('load', afterLoad, { once: true });
`;
  // Minified (Vite's own minifier): it counts in the app start's budget (bench/web.mjs).
  const minified = minifySync('boot.js', code, { module: true, compress: true, mangle: true });
  if (minified.errors?.length) throw new Error(`the boot script: ${minified.errors[0]?.message}`);
  const file = `assets/boot-${createHash('sha256').update(minified.code).digest('hex').slice(0, 8)}.js`;
  writeFileSync(join(outDir, file), minified.code);
  return { file, panels: panelsFile };
}

/**
 * The landing page's own rules inlined in its head, the whole stylesheet loaded without holding
 * the first paint (decision 053). Beasties keeps the rules whose selectors match the prerendered
 * markup (and the @font-face rules of the fonts they use) in a `<style>` in the head, and moves
 * the stylesheet's `<link>` to the end of the body, where it holds no paint of what comes before
 * it (no script is needed to load it, so the strict CSP is kept: the worker allows the `<style>`
 * by its hash, modules/catalog/pages.ts). The stylesheet file stays whole: every other page links it.
 */
async function inlineCriticalCss(outDir: string, html: string): Promise<string> {
  const beasties = new Beasties({
    path: outDir,
    publicPath: '/',
    preload: 'body',
    pruneSource: false,
    inlineFonts: true,
    preloadFonts: false,
    reduceInlineStyles: false,
    // Selectors its matcher cannot evaluate, kept whenever they may apply: the language's font
    // (`html:lang(ar)`) and Tailwind's rtl:/ltr: variants (`:dir()`); and the header drawn from the
    // last known account, which the page's second inline script marks on <html>, and the rooms
    // drawn before the app (decision 099).
    allowRules: [
      /:lang\(/,
      /:dir\(/,
      /data-last-known/,
      /#rooms-drawn/,
      /^\.border-t-(silver|gold|diamond|deluxe|teal)-\d+$/,
    ],
    logLevel: 'warn',
  });
  // Beasties marks the element it matched selectors in; the page needs no such mark.
  const out = (await beasties.process(html))
    .replace(' data-beasties-container=""', '')
    .replace(' data-beasties-container', '');
  if ((out.match(/<\/style>/g) ?? []).length !== 1)
    throw new Error('expected one inlined <style> in the landing page');
  // The whole stylesheet is linked by the boot script once the first screen has been shown
  // (writeBoot): the inlined rules draw the first screen, and the stylesheet no longer shares the
  // connection with the hero photo and the font before it. Without JavaScript, the page links it.
  const sheet = /<link rel="stylesheet" crossorigin href="\/assets\/[^"]+\.css">/.exec(out)?.[0];
  if (!sheet) throw new Error('expected the stylesheet linked in the landing page');
  return out.replace(sheet, `<noscript>${sheet}</noscript>`);
}
