import { Trans, useLingui } from '@lingui/react/macro';
import { type KeyboardEvent, useState } from 'react';
import { Button as AriaButton, useLocale } from 'react-aria-components';
import { Modal } from '@/components/ui/dialog';
import { useHideHeader } from '@/hooks/use-hide-header';
import { formatCount } from '@/lib/format';
import { shownImages } from '@/lib/photos';
import type { Offer } from '@/entities/offers/get-offers';
import { ChevronIcon } from '@/components/more-icons';
import { useLanguage } from '@/hooks/use-language';

const roundButton =
  'inline-flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-full bg-white text-teal-800 shadow ring-1 ring-sand-200 outline-none data-[hovered]:bg-sand-100 data-[pressed]:bg-sand-200 data-[focus-visible]:outline-3 data-[focus-visible]:outline-gold-700';

/**
 * An offer's photo gallery (spec sections 2 and 4): opens on the first photo;
 * previous/next wrap around; dots and an "n / total" counter; a photo that
 * fails to load is hidden. Arrow keys move in the reading direction.
 */
export default function OfferGallery({ offer, onClose }: { offer: Offer; onClose: () => void }) {
  const language = useLanguage();
  const name = language === 'ar' ? offer.nameAr : offer.nameEn;
  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()} title={name} size="lg">
      <Gallery offer={offer} name={name} />
    </Modal>
  );
}

function Gallery({ offer, name }: { offer: Offer; name: string }) {
  useHideHeader();
  const { t } = useLingui();
  const language = useLanguage();
  const images = shownImages(
    offer.photos,
    offer.galleryImages,
    language,
    (n, total) => `${name}: ${t`Photo ${formatCount(n, language)} of ${formatCount(total, language)}`}`,
    { width: 800, height: 500 },
  );
  const { direction } = useLocale();
  const [index, setIndex] = useState(0);
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const total = images.length;
  if (total === 0) {
    return (
      <p className="text-slate-700">
        <Trans>No photos of this offer yet.</Trans>
      </p>
    );
  }
  const go = (step: number) => setIndex((i) => (i + step + total) % total);
  const image = images[index]!;
  const src = image.key;

  const onKeyDown = (e: KeyboardEvent) => {
    const forward = direction === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const back = direction === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    if (e.key === forward) go(1);
    else if (e.key === back) go(-1);
    else return;
    e.preventDefault();
  };

  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- arrow keys are a shortcut; the buttons below do the same
    <div className="flex flex-col gap-3" onKeyDown={onKeyDown} data-testid="offer-gallery">
      <div className="relative flex aspect-[8/5] items-center justify-center overflow-hidden rounded-2xl bg-sand-100">
        {failed.has(src) ? (
          <p className="p-4 text-center text-slate-700">
            <Trans>This photo could not be loaded.</Trans>
          </p>
        ) : (
          <img
            key={src}
            src={image.src}
            srcSet={image.srcSet}
            sizes="(min-width: 768px) 720px, 100vw"
            alt={image.alt}
            width={image.width}
            height={image.height}
            decoding="async"
            className="size-full object-cover"
            onError={() => setFailed((f) => new Set(f).add(src))}
          />
        )}
      </div>
      <div className="flex items-center justify-between gap-2">
        <AriaButton className={roundButton} aria-label={t`Previous photo`} onPress={() => go(-1)}>
          <ChevronIcon toward="start" />
        </AriaButton>
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
            {formatCount(index + 1, language)} / {formatCount(total, language)}
          </p>
        </div>
        <AriaButton className={roundButton} aria-label={t`Next photo`} onPress={() => go(1)}>
          <ChevronIcon toward="end" />
        </AriaButton>
      </div>
    </div>
  );
}
