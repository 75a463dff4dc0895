import type { Context } from 'hono';
import type { AppEnv } from './env';

/**
 * The API reference page (`/api/docs`): Swagger UI reading `/api/openapi.json`. Its script and
 * stylesheet are files of the web build (web/build/api-docs.ts copies them from swagger-ui-dist
 * to /api-docs/), served from our own origin under the app's strict CSP: no CDN, no inline
 * script or style. Nothing of it is in the guest app's scripts or its offline cache.
 */
export const API_DOCS_ASSETS = {
  script: '/api-docs/swagger-ui-bundle.js',
  style: '/api-docs/swagger-ui.css',
  start: '/api-docs/start.js',
} as const;

const PAGE = `<!doctype html>
<html lang="en" dir="ltr">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>API reference · مرجع الواجهة البرمجية</title>
    <link rel="stylesheet" href="${API_DOCS_ASSETS.style}" />
  </head>
  <body>
    <div id="api">
      <noscript>
        <p>The API reference needs JavaScript. The document itself: <a href="/api/openapi.json">/api/openapi.json</a>.</p>
        <p dir="rtl" lang="ar">يحتاج مرجع الواجهة البرمجية إلى JavaScript. الوثيقة نفسها: <a href="/api/openapi.json">/api/openapi.json</a>.</p>
      </noscript>
    </div>
    <script src="${API_DOCS_ASSETS.script}"></script>
    <script src="${API_DOCS_ASSETS.start}"></script>
  </body>
</html>
`;

/** GET /api/docs: the page (the same for every language; Swagger UI speaks English only). */
export function apiDocsPage(c: Context<AppEnv>) {
  c.header('Cache-Control', 'no-cache');
  return c.html(PAGE);
}
