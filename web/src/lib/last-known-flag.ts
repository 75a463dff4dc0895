/**
 * Set on `<html>` while the header shows what the phone last knew of the signed-in guest, not yet
 * confirmed by the server (lib/last-known-account.ts; decision 099). A module of its own: the
 * app's first script reads only this.
 */
export const LAST_KNOWN_ATTRIBUTE = 'data-last-known';

/** Whether this page's header was drawn from the last known account and not yet confirmed. */
export function showsLastKnownAccount(): boolean {
  return typeof document !== 'undefined' && document.documentElement.hasAttribute(LAST_KNOWN_ATTRIBUTE);
}
