import { LAST_KNOWN_ATTRIBUTE, readLastKnownAccount } from '@/lib/last-known-account';

/**
 * The landing page's second inline script (docs/decisions/099-landing-first-second.md): written
 * right after the page's #root (web/build/prerender.ts), it runs as soon as the header's markup has
 * been read, before the first paint, and draws a signed-in guest's header from what the phone
 * last knew (lib/last-known-account.ts): their name and e-mail, points, "Use points", the bell and
 * My bookings, with the page's own markup for them (the app's components rendered at build time
 * into `<template id="last-known">`, in the page's language) put into the empty places the app keeps for them (components/layout/root-layout.tsx,
 * LastKnownSlot). `<html data-last-known>` marks the values as the last known (dimmed) until the
 * app, once started, has asked the server again; the app then draws its own header in one frame
 * and empties the places (app/last-known-account.tsx).
 */
export function drawLastKnownAccount(): void {
  const root = document.documentElement;
  const known = readLastKnownAccount();
  const template = document.getElementById('last-known');
  // Texts shown in another language (a `?lang=` link) would be wrong here: the app draws them.
  if (!known || known.language !== root.lang || !(template instanceof HTMLTemplateElement)) return;
  const wide = matchMedia('(min-width: 768px)').matches;
  const parts = template.content;
  const into = (slot: string, part: string) => {
    const place = document.getElementById(`last-known-${slot}`);
    const drawn = parts.querySelector(`[data-part="${part}"]`)?.cloneNode(true);
    if (!place || !(drawn instanceof Element)) return;
    // On a phone the guest's name is in the bar under the header, not in the row (signed-in-account.tsx).
    if (part === 'row' && !wide) drawn.querySelector('[data-testid="header-user"]')?.remove();
    fill(drawn, known);
    place.replaceChildren(...drawn.childNodes);
  };
  into('row', 'row');
  into(wide ? 'aside' : 'bar', wide ? 'aside' : 'bar');
  root.setAttribute(LAST_KNOWN_ATTRIBUTE, '');
}

type Known = NonNullable<ReturnType<typeof readLastKnownAccount>>;

function fill(part: Element, { user, texts }: Known) {
  const each = (testId: string, apply: (element: Element) => void) =>
    part.querySelectorAll(`[data-testid="${testId}"]`).forEach(apply);
  each('header-user-name', (element) => (element.textContent = user.fullName));
  each('header-user', (element) => {
    const email = element.querySelector('bdi');
    if (email) email.textContent = user.email;
  });
  // Points not known yet: no badge rather than a wrong one ("Use points" stays).
  each('points-badge', (element) => {
    if (texts.points === undefined) element.remove();
  });
  each('points-total', (element) => (element.textContent = texts.points ?? ''));
  each('points-last-earned', (element) => {
    const value = element.querySelector('bdi');
    if (texts.lastEarned === undefined || !value) element.remove();
    else value.textContent = texts.lastEarned;
  });
  each('notification-bell', (element) => {
    if (texts.bellLabel !== undefined) element.setAttribute('aria-label', texts.bellLabel);
  });
  each('notification-count', (element) => {
    if (texts.bellCount === undefined) element.remove();
    else element.textContent = texts.bellCount;
  });
}
