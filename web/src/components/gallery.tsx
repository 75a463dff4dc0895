import { Trans, useLingui } from '@lingui/react/macro';
import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { Button as AriaButton, useLocale } from 'react-aria-components';
import { ChevronIcon } from '@/components/more-icons';
import { useLanguage } from '@/hooks/use-language';
import { formatCount } from '@/lib/format';
import type { ShownImage } from '@/lib/photos';
import { Picture } from '@/components/picture';
import { LazyPhotoViewer, preloadPhotoViewer } from '@/components/photo-viewer/lazy-photo-viewer';

const roundButton =
  'inline-flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-full bg-white text-teal-800 shadow ring-1 ring-sand-200 outline-none data-[hovered]:bg-sand-100 data-[pressed]:bg-sand-200 data-[focus-visible]:outline-3 data-[focus-visible]:outline-gold-700 data-[disabled]:opacity-40';

/** A swipe shorter than this is a tap. */
const SWIPE_PX = 40;

/**
 * The app's one gallery: one image at a time, previous/next buttons, the arrow keys in the
 * reading direction; images carry their alt text (lib/photos.ts), and one that fails to load shows
 * a placeholder (spec section 8).
 *
 * - `pages`: a menu or services gallery (guest spec "Menu popups"): stops at either end, a swipe
 *   on a phone, "Page n of total" and the buttons only when there are several; images load lazily.
 * - `photos`: an offer's photos (spec sections 2 and 4): previous/next wrap around, dots and an
 *   "n / total" counter.
 */
export function Gallery({
  images,
  kind,
  testId,
}: {
  images: ShownImage[];
  kind: 'pages' | 'photos';
  testId: string;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const { direction } = useLocale();
  const [index, setIndex] = useState(0);
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const [viewing, setViewing] = useState<number | null>(null);
  const swipeFrom = useRef<number | null>(null);
  const pages = kind === 'pages';
  const total = images.length;
  if (total === 0) return null;
  const go = (step: number) =>
    setIndex((i) => (pages ? Math.min(Math.max(i + step, 0), total - 1) : (i + step + total) % total));
  const image = images[index]!;
  const src = image.key;
  const page = formatCount(index + 1, language);
  const count = formatCount(total, language);
  const forwardSign = direction === 'rtl' ? -1 : 1;

  const onKeyDown = (e: KeyboardEvent) => {
    if (pages && total < 2) return;
    const forward = direction === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const back = direction === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    if (e.key === forward) go(1);
    else if (e.key === back) go(-1);
    else return;
    e.preventDefault();
  };
  const onPointerDown = (e: PointerEvent) => {
    swipeFrom.current = e.clientX;
  };
  const onPointerUp = (e: PointerEvent) => {
    if (swipeFrom.current === null || total < 2) return;
    const dx = e.clientX - swipeFrom.current;
    swipeFrom.current = null;
    // A swipe toward the reading direction's start shows the next page.
    if (Math.abs(dx) >= SWIPE_PX) go(dx * forwardSign < 0 ? 1 : -1);
  };
  const onError = () => setFailed((f) => new Set(f).add(src));

  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- arrow keys are a shortcut; the buttons below do the same
    <div className="flex flex-col gap-3" data-testid={testId} onKeyDown={onKeyDown}>
      {pages ? (
        <div
          className="relative mx-auto flex w-full max-w-sm touch-pan-y items-center justify-center overflow-hidden rounded-2xl bg-sand-100 select-none"
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerCancel={() => (swipeFrom.current = null)}
        >
          {failed.has(src) ? (
            <div
              role="img"
              aria-label={image.alt}
              className="flex aspect-[3/4] w-full flex-col items-center justify-center gap-2 p-6 text-center text-slate-700"
            >
              <svg
                viewBox="0 0 24 24"
                aria-hidden="true"
                className="size-12 stroke-slate-500"
                fill="none"
                strokeWidth={1.5}
              >
                <rect x="4" y="3" width="16" height="18" rx="2" />
                <path d="M8 8h8M8 12h8M8 16h5" />
              </svg>
              <Trans>This menu page could not be loaded.</Trans>
            </div>
          ) : (
            <img
              key={src}
              src={image.src}
              srcSet={image.srcSet}
              sizes="(min-width: 640px) 384px, 100vw"
              alt={image.alt}
              width={image.width}
              height={image.height}
              loading="lazy"
              decoding="async"
              draggable={false}
              className="aspect-[3/4] h-auto w-full object-contain"
              onError={onError}
            />
          )}
        </div>
      ) : (
        <div className="relative flex aspect-[8/5] items-center justify-center overflow-hidden rounded-2xl bg-sand-100">
          {failed.has(src) ? (
            <p className="p-4 text-center text-slate-700">
              <Trans>This photo could not be loaded.</Trans>
            </p>
          ) : (
            // A tap opens the photos full screen (pinch to zoom, swipe between them).
            <button
              type="button"
              className="size-full cursor-zoom-in outline-none focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-gold-700"
              aria-label={t`${image.alt}, full screen`}
              onPointerEnter={preloadPhotoViewer}
              onFocus={preloadPhotoViewer}
              onClick={() => setViewing(index)}
              data-testid={`${testId}-photo`}
            >
              <Picture
                key={src}
                image={image}
                sizes="(min-width: 768px) 720px, 100vw"
                priority
                className="relative block size-full"
                onError={onError}
              />
            </button>
          )}
        </div>
      )}
      {pages ? null : (
        <LazyPhotoViewer
          images={images}
          index={viewing}
          onClose={() => {
            setViewing(null);
          }}
        />
      )}
      {pages && total < 2 ? null : (
        <div className="flex items-center justify-between gap-2">
          <AriaButton
            className={roundButton}
            aria-label={pages ? t`Previous page` : t`Previous photo`}
            isDisabled={pages && index === 0}
            onPress={() => go(-1)}
          >
            <ChevronIcon toward="start" />
          </AriaButton>
          {pages ? (
            <p
              aria-live="polite"
              className="text-sm font-semibold text-slate-800"
              data-testid={`${testId}-position`}
            >
              {t`Page ${page} of ${count}`}
            </p>
          ) : (
            <div className="flex flex-col items-center gap-1">
              <div className="flex items-center gap-1">
                {images.map((shown, i) => (
                  <AriaButton
                    key={shown.key}
                    aria-label={t`Photo ${formatCount(i + 1, language)}`}
                    aria-current={i === index ? 'true' : undefined}
                    onPress={() => setIndex(i)}
                    className="inline-flex size-8 cursor-pointer items-center justify-center rounded-full outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-gold-700"
                  >
                    <span
                      aria-hidden="true"
                      className={`block size-2.5 rounded-full ${i === index ? 'bg-teal-700' : 'bg-slate-400'}`}
                    />
                  </AriaButton>
                ))}
              </div>
              <p
                className="text-sm font-semibold text-slate-700"
                aria-live="polite"
                data-testid="gallery-counter"
              >
                {page} / {count}
              </p>
            </div>
          )}
          <AriaButton
            className={roundButton}
            aria-label={pages ? t`Next page` : t`Next photo`}
            isDisabled={pages && index === total - 1}
            onPress={() => go(1)}
          >
            <ChevronIcon toward="end" />
          </AriaButton>
        </div>
      )}
    </div>
  );
}
