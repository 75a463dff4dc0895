import { Suspense } from 'react';
import { lazy } from '@/lib/lazy';
import type { ShownImage } from '@/lib/photos';

const load = () => import('./photo-viewer');
const PhotoViewer = lazy(load);

/** Fetches the full-screen viewer's chunk ahead of a tap (hover, focus, pointer down). */
export function preloadPhotoViewer() {
  void load();
}

/**
 * The full-screen photo viewer (photo-viewer.tsx), a lazy chunk: nothing of it is in a page's
 * first script. `index` null: closed.
 */
export function LazyPhotoViewer({
  images,
  index,
  onClose,
}: {
  images: ShownImage[];
  index: number | null;
  onClose: () => void;
}) {
  if (index === null) return null;
  return (
    <Suspense fallback={null}>
      <PhotoViewer images={images} index={index} onClose={onClose} />
    </Suspense>
  );
}
