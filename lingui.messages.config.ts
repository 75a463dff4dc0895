import { defineConfig } from '@lingui/cli';
import type { LinguiConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

// The catalogues written by hand with explicit message ids (the worker has no Babel, so no
// macros to extract from): the error codes both sides show (shared/) and every other text the
// worker sends (worker/). `npm run i18n:compile` turns them into the committed .ts modules that
// @lingui/core's i18n reads; a test fails when a compiled module is older than its .po.
const config: LinguiConfig = defineConfig({
  sourceLocale: 'en',
  locales: ['ar', 'en'],
  catalogs: [
    { path: '<rootDir>/shared/src/locales/{locale}', include: [] },
    { path: '<rootDir>/worker/src/locales/{locale}', include: [] },
  ],
  // Every msgid is an id (`not_found`, `assistant.greeting`), not an English sentence.
  format: formatter({ origins: false, explicitIdAsDefault: true }),
  compileNamespace: 'ts',
});

export default config;
