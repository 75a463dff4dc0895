/**
 * What `npm run dev`'s Vite (:5173) hands to the worker (:8787): every path the worker answers
 * itself rather than the web app. `/media/` is the staff photos from R2 (decision 011); without
 * it Vite answered a photo's URL with the app's index.html, and the staff photo manager showed a
 * broken image.
 */
export const WORKER_PATHS = ['/api', '/auth', '/media'] as const;

export const devProxy = Object.fromEntries(WORKER_PATHS.map((path) => [path, 'http://127.0.0.1:8787']));
