import type { AvifReply, AvifRequest, Pixels } from './avif-pixels';

/**
 * The AVIF copies of a staff photo (docs/decisions/040-avif-on-the-device.md), encoded in a Web
 * Worker (avif-encoder.worker.ts) so the page stays responsive. All widths or none: when the
 * worker cannot start (no WebAssembly, a CSP that refuses it, no memory) or the photo's copies
 * take longer than AVIF_DEADLINE_MS, the photo is sent as WebP only, which every page shows, and
 * nothing is said to the user. A device that missed the deadline once is not asked again until
 * the page is reloaded (a slow tablet would otherwise wait the deadline for every photo).
 */

/** Long enough for a mid-range tablet to encode three widths of a photo; a weak one gives up. */
export const AVIF_DEADLINE_MS = 20_000;

let worker: Worker | undefined;
let tooSlow = false;
let nextId = 1;

/**
 * The encoder's memory (WASM memory only grows: about 50 MB after a 1600 px photo) goes
 * with its worker once no photo has come for this long; the next photo loads it again.
 */
const IDLE_MS = 60_000;
let idle: ReturnType<typeof setTimeout> | undefined;
const stopWhenIdle = () => {
  clearTimeout(idle);
  idle = setTimeout(stopWorker, IDLE_MS);
};

const usable = () => !tooSlow && typeof Worker === 'function' && typeof WebAssembly === 'object';

function startWorker(): Worker {
  clearTimeout(idle);
  if (worker) return worker;
  const made = new Worker(new URL('./avif-encoder.worker.ts', import.meta.url), {
    type: 'module',
    name: 'avif-encoder',
  });
  // A worker whose script failed to load answers nothing: the next photo starts a new one.
  made.addEventListener('error', () => {
    if (worker === made) stopWorker();
  });
  return (worker = made);
}

/**
 * Starts the worker and its WASM download while staff choose their photos (the photo manager's
 * Add photos button): the first photo is then ready sooner. Anything going wrong is left to the
 * encoding itself, which falls back to WebP only.
 */
export function warmAvifEncoder() {
  if (!usable() || worker) return;
  try {
    const request: AvifRequest = { id: nextId++ };
    startWorker().postMessage(request);
    stopWhenIdle();
  } catch {
    stopWorker();
  }
}

function stopWorker() {
  worker?.terminate();
  worker = undefined;
}

function encodeOne(w: Worker, image: Pixels): Promise<Blob> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const done = () => {
      w.removeEventListener('message', onMessage);
      w.removeEventListener('error', onError);
    };
    const onMessage = (event: MessageEvent<AvifReply>) => {
      if (event.data.id !== id) return;
      done();
      if (event.data.avif) resolve(new Blob([event.data.avif], { type: 'image/avif' }));
      else reject(new Error(event.data.error ?? 'avif_encode_failed'));
    };
    const onError = (event: ErrorEvent) => {
      done();
      reject(new Error(event.message || 'avif_worker_failed'));
    };
    w.addEventListener('message', onMessage);
    w.addEventListener('error', onError);
    const pixels = image.data.buffer;
    const request: AvifRequest = { id, width: image.width, height: image.height, pixels };
    w.postMessage(request, [pixels]);
  });
}

/**
 * Each image as AVIF, in order, or null (WebP only) on any failure or past `deadlineMs`. The
 * pixels' buffers are handed to the worker (they are unusable afterwards).
 */
export async function encodeAvifCopies(
  images: Pixels[],
  deadlineMs = AVIF_DEADLINE_MS,
): Promise<Blob[] | null> {
  if (!usable() || images.length === 0) return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), deadlineMs)));
  try {
    const w = startWorker();
    const all = (async () => {
      const out: Blob[] = [];
      for (const image of images) out.push(await encodeOne(w, image));
      return out;
    })();
    const result = await Promise.race([all, late]);
    if (result === 'late') {
      tooSlow = true;
      // The encoder cannot be interrupted: the worker goes, and its memory with it.
      stopWorker();
      all.catch(() => undefined);
      return null;
    }
    return result;
  } catch (error) {
    console.warn('AVIF copies not made; the photo is sent as WebP only', error);
    stopWorker();
    return null;
  } finally {
    clearTimeout(timer);
    if (worker) stopWhenIdle();
  }
}
