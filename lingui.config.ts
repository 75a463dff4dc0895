import { defineConfig } from '@lingui/cli';

// Source messages are English in code; Arabic (the default language) is a full translation.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['ar', 'en'],
  catalogs: [
    {
      path: '<rootDir>/web/src/locales/{locale}',
      include: ['<rootDir>/web/src'],
    },
  ],
});
