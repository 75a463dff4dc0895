declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

/** A catalogue with the landing page's messages only (web/build/landing-catalog.ts). */
declare module '*.po?landing' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
