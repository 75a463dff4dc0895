import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from './env';

/*
 * The security headers and the Content-Security-Policy of every answer the worker gives, the
 * API's and the web app's alike (docs/security.md). worker/src/index.ts mounts the two
 * middleware below, in this order, right after the request id and the log line; which answer
 * gets which policy is decided here.
 */

/** 180 days, the subdomains too: the value hono's secureHeaders sent before. */
const HSTS = 'max-age=15552000; includeSubDomains';

/**
 * The app's CSP. Strict: everything from our own origin; no inline script. The built app
 * runs under it (an e2e test fails on any CSP violation). `wasm` adds 'wasm-unsafe-eval'
 * (compiling WebAssembly, not JavaScript's eval) for the back office's Web Workers only.
 */
const csp = (wasm: boolean) => ({
  defaultSrc: ["'self'"],
  scriptSrc: wasm ? ["'self'", "'wasm-unsafe-eval'"] : ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
});
const appHeaderOptions: Omit<NonNullable<Parameters<typeof secureHeaders>[0]>, 'contentSecurityPolicy'> = {
  crossOriginEmbedderPolicy: false,
  // frame-ancestors 'none' is the rule; the older header would only say less.
  xFrameOptions: false,
  referrerPolicy: 'strict-origin-when-cross-origin',
  permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
  // Only over https (below): a browser ignores it on plain http, where it only misinforms.
  strictTransportSecurity: false,
};
// The app's own pages and answers: everything from our own origin, no framing.
const appHeaders = secureHeaders({ contentSecurityPolicy: csp(false), ...appHeaderOptions });
/**
 * A back-office Web Worker's script (web/vite.config.ts names them assets/admin-*.worker-*.js;
 * today the photo manager's AVIF encoder, docs/decisions/040-avif-on-the-device.md). A
 * dedicated worker runs under the CSP its own script was served with, not its page's, so only
 * this script may compile WebAssembly; every page, the guest's and the back office's, keeps
 * the strict policy.
 */
const WASM_WORKER = /^\/assets\/admin-[\w.-]+\.worker-[\w-]+\.js$/;
const wasmWorkerHeaders = secureHeaders({ contentSecurityPolicy: csp(true), ...appHeaderOptions });
// Guests' images served to staff: nothing in them may run or load anything.
const imageHeaders = secureHeaders({
  contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: 'same-origin',
  xFrameOptions: false,
  referrerPolicy: 'no-referrer',
  strictTransportSecurity: false,
});
// An e-mail's HTML in development (modules/operations/routes/dev.ts), framed by the mailbox page: its inline styles
// only, nothing that runs or loads, framed by our own pages only.
const mailHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'none'"],
    styleSrc: ["'unsafe-inline'"],
    imgSrc: ['data:'],
    frameAncestors: ["'self'"],
    sandbox: [],
  },
  crossOriginEmbedderPolicy: false,
  xFrameOptions: false,
  referrerPolicy: 'no-referrer',
  strictTransportSecurity: false,
});
/** A guest's ID photo read by staff (modules/bookings/routes/admin/booking-submissions.ts): the images' headers. */
const ID_DOCUMENT_READ = /^\/api\/admin\/booking-submissions\/\d+\/id-document$/;
/** A guest's WhatsApp medium read by staff (modules/conversations/inbox.ts messageMedia): the images' headers. */
const MESSAGE_MEDIA_READ = /^\/api\/admin\/inbox\/\d+\/messages\/\d+\/media$/;
/**
 * The security headers of every answer, chosen by its path: the images' and the development
 * mailbox's strict ones, the AVIF worker's, else the app's (its CSP with a page's own inline
 * hashes added after the page is made).
 */
export const securityHeaders: MiddlewareHandler<AppEnv> = (c, next) => {
  const path = c.req.path;
  if (path.startsWith('/api/event-images/') || ID_DOCUMENT_READ.test(path) || MESSAGE_MEDIA_READ.test(path))
    return imageHeaders(c, next);
  if (path.startsWith('/api/dev/mailbox/')) return mailHeaders(c, next);
  if (WASM_WORKER.test(path)) return wasmWorkerHeaders(c, next);
  return appHeaders(c, next).then(() => {
    // A page's own inline rules (the landing page's first screen) and scripts (the shells' first
    // requests), by their hashes only (modules/catalog/pages.ts).
    let policy = c.res.headers.get('Content-Security-Policy');
    if (!policy) return;
    const inline = [
      ['style-src', c.get('inlineStyleHashes')],
      ['script-src', c.get('inlineScriptHashes')],
    ] as const;
    for (const [directive, hashes] of inline) {
      if (hashes?.length) policy = policy.replace(`${directive} 'self'`, `$& ${hashes.join(' ')}`);
    }
    c.res.headers.set('Content-Security-Policy', policy);
  });
};
// HSTS (RFC 6797 7.2: sent over secure transport only). On Workers the request's URL has the
// scheme the browser used (Cloudflare ends TLS in front of the worker), so no forwarded header
// is read; a plain-http answer (local runs, a probe on http) carries none.
export const strictTransportSecurity: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (new URL(c.req.url).protocol === 'https:') c.res.headers.set('Strict-Transport-Security', HSTS);
};
