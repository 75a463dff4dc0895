import { useEffect, useState } from 'react';
import type { ShownImage } from '@/lib/photos';
import { whenIdle } from '@/lib/tasks';

/** Whether the device asked to save data (Chrome's Data Saver; absent elsewhere). */
const savesData = () =>
  (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;

/**
 * A photo as the guest pages show it (docs/decisions/033-photo-first-pages.md): `<picture>` with
 * the AVIF copies first and WebP/JPEG as the `<img>` (srcset and sizes, so the device fetches
 * the width it needs), its intrinsic size (no layout shift) and the tiny placeholder, blurred,
 * behind it until it loads. Below the fold by default (lazy, decoded off the main thread); `priority` for
 * the one image that is the page's largest paint (the landing's hero). `keepOffline` for a photo the
 * guest will look for offline (each room's cover): once the page is idle and online, it is fetched
 * even below the fold, in the width this screen shows, so the service worker keeps it.
 */
export function Picture({
  image,
  sizes,
  priority = false,
  keepOffline = false,
  className,
  imgClassName = 'size-full object-cover',
  testId,
  onError,
}: {
  image: ShownImage;
  sizes: string;
  priority?: boolean;
  keepOffline?: boolean;
  /** The box's classes; it must be positioned (`relative`, `absolute`...) for the placeholder. */
  className?: string;
  imgClassName?: string;
  testId?: string;
  onError?: () => void;
}) {
  const [eager, setEager] = useState(priority);
  useEffect(() => {
    if (!keepOffline || eager) return;
    whenIdle(() => {
      if (navigator.onLine && !savesData()) setEager(true);
    });
  }, [keepOffline, eager]);
  return (
    // The placeholder is an <img> of its own (a data: URL), blurred by CSS: the strict CSP
    // (style-src 'self') refuses a style attribute in the prerendered HTML.
    <span className={`block overflow-hidden ${className ?? 'relative'}`}>
      {image.placeholder ? (
        <img
          src={image.placeholder}
          alt=""
          aria-hidden="true"
          data-placeholder=""
          className="absolute inset-0 size-full scale-110 object-cover blur-lg"
        />
      ) : null}
      <picture className="contents">
        {image.avifSrcSet ? <source type="image/avif" srcSet={image.avifSrcSet} sizes={sizes} /> : null}
        <img
          src={image.src}
          srcSet={image.srcSet}
          sizes={sizes}
          alt={image.alt}
          width={image.width}
          height={image.height}
          loading={eager ? 'eager' : 'lazy'}
          decoding={priority ? 'auto' : 'async'}
          fetchPriority={priority ? 'high' : 'auto'}
          draggable={false}
          className={`relative ${imgClassName}`}
          data-testid={testId}
          onError={onError}
        />
      </picture>
    </span>
  );
}
