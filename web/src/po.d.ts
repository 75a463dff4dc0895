declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

/** A catalogue with the landing page's messages only (web/build/landing-catalog.ts). */
declare module '*.po?landing' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
/** A catalogue with the guest's side's messages: none of the back office's own screens (the same). */
declare module '*.po?guest' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
