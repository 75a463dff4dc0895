import { Trans, useLingui } from '@lingui/react/macro';
import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { Button as AriaButton, useLocale } from 'react-aria-components';
import { ChevronIcon } from '@/components/more-icons';
import { useLanguage } from '@/hooks/use-language';
import { formatCount } from '@/lib/format';
import type { ShownImage } from '@/lib/photos';

const roundButton =
  'inline-flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-full bg-white text-teal-800 shadow ring-1 ring-sand-200 outline-none data-[hovered]:bg-sand-100 data-[pressed]:bg-sand-200 data-[focus-visible]:outline-3 data-[focus-visible]:outline-gold-700 data-[disabled]:opacity-40';

/** A swipe shorter than this is a tap. */
const SWIPE_PX = 40;

/**
 * A menu or services gallery (guest spec "Menu popups"): one page at a time, previous/next
 * buttons and an "n of total" counter when there are several, a swipe on a phone, the arrow
 * keys in the reading direction. Images load lazily at their size; one that fails shows a
 * placeholder (spec section 8). Each image carries its alt text (lib/photos.ts).
 */
export function MenuGallery({ images, testId }: { images: ShownImage[]; testId: string }) {
  const { t } = useLingui();
  const language = useLanguage();
  const { direction } = useLocale();
  const [index, setIndex] = useState(0);
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const swipeFrom = useRef<number | null>(null);
  const total = images.length;
  if (total === 0) return null;
  const go = (step: number) => setIndex((i) => Math.min(Math.max(i + step, 0), total - 1));
  const image = images[index]!;
  const src = image.key;
  const page = formatCount(index + 1, language);
  const count = formatCount(total, language);
  const forwardSign = direction === 'rtl' ? -1 : 1;

  const onKeyDown = (e: KeyboardEvent) => {
    if (total < 2) return;
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

  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- arrow keys are a shortcut; the buttons below do the same
    <div className="flex flex-col gap-3" data-testid={testId} onKeyDown={onKeyDown}>
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
            onError={() => setFailed((f) => new Set(f).add(src))}
          />
        )}
      </div>
      {total > 1 && (
        <div className="flex items-center justify-between gap-2">
          <AriaButton
            className={roundButton}
            aria-label={t`Previous page`}
            isDisabled={index === 0}
            onPress={() => go(-1)}
          >
            <ChevronIcon toward="start" />
          </AriaButton>
          <p
            aria-live="polite"
            className="text-sm font-semibold text-slate-800"
            data-testid={`${testId}-position`}
          >
            {t`Page ${page} of ${count}`}
          </p>
          <AriaButton
            className={roundButton}
            aria-label={t`Next page`}
            isDisabled={index === total - 1}
            onPress={() => go(1)}
          >
            <ChevronIcon toward="end" />
          </AriaButton>
        </div>
      )}
    </div>
  );
}
