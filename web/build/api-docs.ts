import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);

/**
 * The API reference page's files (`/api/docs`, worker/src/platform/api-docs.ts names them): Swagger
 * UI's prebuilt script and stylesheet copied from swagger-ui-dist into the build as they are,
 * and the small script that starts it on `/api/openapi.json` (a file, not inline: the CSP
 * refuses inline script). They sit in `api-docs/`, apart from the app's chunks: no page of the
 * app imports them, and the service worker's precache leaves that folder out (vite.config.ts).
 */
const START = `// Swagger UI on the API's own document (worker/src/platform/openapi.ts).
window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#api',
  // An operation's own address (#/tag/operation) opens it.
  deepLinking: true,
  // Otherwise the document is sent to validator.swagger.io for a badge: nothing leaves our origin.
  validatorUrl: null,
});
`;

export function apiDocs(): Plugin {
  return {
    name: 'api-docs',
    apply: 'build',
    generateBundle() {
      if (this.environment.name !== 'client') return;
      const dist = dirname(require.resolve('swagger-ui-dist/package.json'));
      for (const file of ['swagger-ui-bundle.js', 'swagger-ui.css']) {
        this.emitFile({
          type: 'asset',
          fileName: `api-docs/${file}`,
          source: readFileSync(join(dist, file)),
        });
      }
      this.emitFile({ type: 'asset', fileName: 'api-docs/start.js', source: START });
    },
  };
}
