import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { TIMING } from '@shared/constants';
import { Button } from '@/components/ui/button';
import { usePrefersReducedMotion } from '@/hooks/use-prefers-reduced-motion';
import { formatCount, formatPrice } from '@/lib/format';
import { shownImages } from '@/lib/photos';
import { Picture } from '@/components/picture';
import { LazyPhotoViewer, preloadPhotoViewer } from '@/components/photo-viewer/lazy-photo-viewer';
import type { RoomTier } from '@/entities/rooms/get-rooms';
import { ChevronIcon } from '@/components/more-icons';
import { useLanguage } from '@/hooks/use-language';

const roundButton =
  'inline-flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-full bg-white text-teal-800 shadow ring-1 ring-sand-200 outline-none data-[hovered]:bg-sand-100 data-[pressed]:bg-sand-200 data-[focus-visible]:outline-3 data-[focus-visible]:outline-gold-700';

/**
 * Spec section 2: the room types sold, one at a time, moving on every 4 s
 * while the panel is open. It waits while the pointer or the keyboard is on
 * it, when paused, and when the device asks for less motion; previous/next
 * buttons and dots move it by hand.
 */
export function RoomCarousel({
  rooms,
  onBook,
  startAt = 0,
}: {
  rooms: RoomTier[];
  onBook: (room: RoomTier) => void;
  /** The slide it starts on (the one a copy of the panel drawn before the app showed). */
  startAt?: number;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(startAt);
  // Told later (the copy taken over as the panel is first drawn): from there.
  const [started, setStarted] = useState(startAt);
  if (startAt !== started) {
    setStarted(startAt);
    setIndex(startAt);
  }
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(false);
  // A photo deleted since this device cached the list: its slide shows the placeholder.
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  // The photo of each room type the guest picked in its gallery strip (first by default).
  const [picked, setPicked] = useState<Readonly<Record<string, number>>>({});
  const [viewing, setViewing] = useState<number | null>(null);
  const count = rooms.length;
  const rotating = count > 1 && !paused && !reducedMotion && !hovered && !focused && viewing === null;

  useEffect(() => {
    if (!rotating) return;
    const id = window.setInterval(() => setIndex((i) => (i + 1) % count), TIMING.carousel);
    return () => window.clearInterval(id);
  }, [rotating, count]);

  if (count === 0) return null;
  const current = index % count;
  const room = rooms[current]!;
  const name = language === 'ar' ? room.nameAr : room.nameEn;
  const gallery = shownImages(
    room.photos.filter((p) => !failed.has(p.src)),
    [room.imageUrl ?? `/images/rooms/${room.roomType}.svg`],
    language,
    () => t`${name}: a photo of the room`,
    { width: 800, height: 500 },
  );
  const shown = Math.min(picked[room.roomType] ?? 0, gallery.length - 1);
  const image = gallery[shown]!;
  const go = (step: number) => setIndex((current + step + count) % count);

  return (
    <section
      aria-roledescription={t`carousel`}
      aria-label={t`Our rooms at a glance`}
      className="flex flex-col gap-3"
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      data-testid="room-carousel"
    >
      <div className="relative overflow-hidden rounded-2xl bg-teal-800 text-white">
        <div aria-live={rotating ? 'off' : 'polite'}>
          <div
            role="group"
            aria-roledescription={t`slide`}
            aria-label={t`${formatCount(current + 1, language)} of ${formatCount(count, language)}`}
            className="grid sm:grid-cols-[3fr_2fr]"
          >
            {/* The slide's photo, the first thing the panel shows, so fetched first; a tap opens
                the tier's photos full screen. */}
            <button
              type="button"
              className="block cursor-zoom-in outline-none focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-gold-400"
              aria-label={t`Photos of the ${name}, full screen`}
              onPointerEnter={preloadPhotoViewer}
              onFocus={preloadPhotoViewer}
              onClick={() => setViewing(shown)}
              data-testid="room-carousel-photo"
            >
              <Picture
                key={image.key}
                image={image}
                sizes="(min-width: 640px) 460px, 100vw"
                priority
                className="relative block aspect-[8/5]"
                testId="room-carousel-image"
                onError={() => setFailed((f) => (image.srcSet ? new Set(f).add(image.src) : f))}
              />
            </button>
            <div className="flex flex-col justify-center gap-2 p-4 sm:p-6">
              <p className="text-2xl font-bold">{name}</p>
              <p className="text-sand-100">
                <Trans>
                  From{' '}
                  <span className="font-bold text-white">
                    {formatPrice(room.discountedPriceBaisa, language)}
                  </span>{' '}
                  per night
                </Trans>
              </p>
              <Button variant="secondary" className="self-start" onPress={() => onBook(room)}>
                <Trans>Book the {name}</Trans>
              </Button>
              {gallery.length > 1 ? (
                <div role="group" aria-label={t`Photos of the ${name}`} className="flex flex-wrap gap-2 pt-1">
                  {gallery.map((photo, i) => (
                    <AriaButton
                      key={photo.key}
                      aria-label={t`Photo ${formatCount(i + 1, language)} of ${formatCount(gallery.length, language)}`}
                      aria-pressed={i === shown}
                      onPress={() => setPicked((p) => ({ ...p, [room.roomType]: i }))}
                      className={`size-11 cursor-pointer overflow-hidden rounded-lg ring-2 outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-gold-400 ${i === shown ? 'ring-gold-400' : 'ring-transparent'}`}
                      data-testid="room-carousel-thumbnail"
                    >
                      <img
                        src={photo.src}
                        srcSet={photo.srcSet}
                        sizes="44px"
                        alt=""
                        width={44}
                        height={44}
                        loading="lazy"
                        decoding="async"
                        className="size-full object-cover"
                      />
                    </AriaButton>
                  ))}
                </div>
              ) : null}
            </div>
          </div>
        </div>
      </div>
      <LazyPhotoViewer images={gallery} index={viewing} onClose={() => setViewing(null)} />
      {/* The arrows keep their size at the row's ends; the dots and Pause share what is left and
          wrap on a narrow phone (at 360 px the row was wider than the screen, an arrow half off it). */}
      <div className="flex items-center justify-between gap-2" data-testid="room-carousel-controls">
        <AriaButton className={roundButton} aria-label={t`Previous room`} onPress={() => go(-1)}>
          <ChevronIcon toward="start" />
        </AriaButton>
        <div className="flex min-w-0 flex-wrap items-center justify-center gap-1">
          {rooms.map((r, i) => (
            <AriaButton
              key={r.roomType}
              aria-label={language === 'ar' ? r.nameAr : r.nameEn}
              aria-current={i === current ? 'true' : undefined}
              onPress={() => setIndex(i)}
              className="inline-flex size-8 cursor-pointer items-center justify-center rounded-full outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-gold-700"
            >
              <span
                aria-hidden="true"
                className={`block size-2.5 rounded-full ${i === current ? 'bg-teal-700' : 'bg-slate-400'}`}
              />
            </AriaButton>
          ))}
          {reducedMotion ? null : (
            <AriaButton
              className="ms-1 inline-flex min-h-11 cursor-pointer items-center rounded-full px-3 text-sm whitespace-nowrap font-semibold text-teal-800 outline-none data-[hovered]:bg-sand-100 data-[focus-visible]:outline-3 data-[focus-visible]:outline-gold-700"
              onPress={() => setPaused((p) => !p)}
            >
              {paused ? <Trans>Play</Trans> : <Trans>Pause</Trans>}
            </AriaButton>
          )}
        </div>
        <AriaButton className={roundButton} aria-label={t`Next room`} onPress={() => go(1)}>
          <ChevronIcon toward="end" />
        </AriaButton>
      </div>
    </section>
  );
}
