/**
 * What `use-sync-external-store/shim` gives on React 18 and later: React's own hook. Libraries
 * that still import the shim for older Reacts (wouter) get this instead (web/vite.config.ts
 * `resolve.alias`), so the landing page's first script does not carry the shim's fallback code.
 */
export { useSyncExternalStore } from 'react';
