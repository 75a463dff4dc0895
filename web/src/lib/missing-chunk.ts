/**
 * After a deploy, a page that was already open may ask for a chunk that no longer exists (the
 * server answers 404): Vite then fires `vite:preloadError`, and the page reloads once to get the
 * new build, never in a loop. Every chunk of the old build fails alike (the idle preloads too):
 * once reloading, the rest are quiet (their imports resolve to nothing; lib/lazy.ts waits).
 *
 * Offline, a chunk fails because the network is gone, not the build: a reload would replace the
 * page the guest is using (a form half filled, a review waiting to be sent) with the browser's
 * offline page when no service worker serves it yet. So offline the import fails as it is, and
 * the lazy part asks for it again on its next render or preload (lib/lazy.ts).
 */

export interface MissingChunkDeps {
  online: () => boolean;
  path: () => string;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload: () => void;
}

export const RELOADED_FOR = 'reloaded-for-missing-chunk';

/** The `vite:preloadError` listener. */
export function reloadForMissingChunk(deps: MissingChunkDeps): (event: Event) => void {
  let reloading = false;
  return (event) => {
    if (reloading) return event.preventDefault();
    if (!deps.online()) return;
    if (deps.storage.getItem(RELOADED_FOR) === deps.path()) return;
    deps.storage.setItem(RELOADED_FOR, deps.path());
    reloading = true;
    event.preventDefault();
    deps.reload();
  };
}
