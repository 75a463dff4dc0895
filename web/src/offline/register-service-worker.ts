import { registerSW } from 'virtual:pwa-register';

/**
 * Registers the Workbox service worker (vite-plugin-pwa, workbox-window):
 * it precaches the app shell and fonts so the app reopens with no network,
 * and updates itself in the background.
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  registerSW({ immediate: true });
}
