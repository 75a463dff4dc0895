import { defineConfig } from '@lingui/cli';
import type { LinguiConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

// Source messages are English in code; Arabic (the default language) is a full translation.
// No `#: file:line` origins in the catalogues: they changed with every edit anywhere and made
// parallel branches' catalogues conflict; the msgid and its placeholder comments are enough.
// Typed here so a build through a symlinked node_modules (a git worktree) can name it.
const config: LinguiConfig = defineConfig({
  sourceLocale: 'en',
  locales: ['ar', 'en'],
  catalogs: [
    {
      path: '<rootDir>/web/src/locales/{locale}',
      include: ['<rootDir>/web/src'],
    },
  ],
  format: formatter({ origins: false }),
});

export default config;
