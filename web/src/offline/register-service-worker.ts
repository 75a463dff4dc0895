import { registerSW } from 'virtual:pwa-register';

/**
 * Registers the service worker (web/src/sw.ts, built by vite-plugin-pwa's
 * injectManifest; workbox-window): it precaches the app shell and fonts so
 * the app reopens with no network, updates itself in the background, and
 * sends the offline outbox on Background Sync (decision 007).
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  registerSW({ immediate: true });
}
