import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Picture } from '@/components/picture';
import { useSiteSettings } from '@/entities/site-settings/get-site-settings';
import { useLanguage } from '@/hooks/use-language';
import { type Photo, shownPhoto } from '@/lib/photos';

const HERO_ID = 'landing-hero';

/** The hero the build's prerender shows (the demo picture; app/prerender.tsx sets it). */
let prerenderHero: Photo | null = null;
export function setPrerenderHero(photo: Photo) {
  prerenderHero = photo;
}

/**
 * The hero the page was served with: at build time the demo picture, in the browser the one
 * in the served HTML (the worker writes the hotel's own hero into it, modules/catalog/pages.ts), so the
 * first render matches the HTML it hydrates and the browser's early fetch is the right photo.
 */
function servedHero(): Photo | null {
  if (typeof document === 'undefined') return prerenderHero;
  const json = document.getElementById(HERO_ID)?.dataset.photo;
  try {
    return json ? (JSON.parse(json) as Photo) : null;
  } catch {
    return null;
  }
}

/**
 * The landing's hero: the hotel's photo chosen in the site settings, or
 * the demo picture, full width under the welcome words; the page's largest paint, so fetched
 * first (`fetchpriority="high"`, not lazy) with its size reserved and its placeholder behind it.
 */
export function LandingHero() {
  const { t } = useLingui();
  const language = useLanguage();
  const settings = useSiteSettings().data;
  const [served] = useState(servedHero);
  // The settings load after hydration (the persisted cache is read asynchronously), so the
  // first render is the served hero; the settings' hero is the same one unless it changed since.
  const photo = settings?.heroPhoto ?? served;
  const alt = photo
    ? (language === 'ar' ? photo.altAr : photo.altEn) || t`The hotel's terrace above the sea`
    : '';
  return (
    <section
      id={HERO_ID}
      data-photo={photo ? JSON.stringify(photo) : undefined}
      className="relative isolate flex min-h-[24rem] flex-col justify-end overflow-hidden rounded-3xl bg-teal-800 text-white shadow-md sm:min-h-[28rem]"
    >
      {photo ? (
        <Picture
          image={shownPhoto(photo, alt)}
          sizes="(min-width: 1152px) 1120px, calc(100vw - 2rem)"
          priority
          className="absolute inset-0 -z-10"
          testId="landing-hero-image"
        />
      ) : null}
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-gradient-to-t from-teal-800/90 via-teal-800/40 to-transparent"
      />
      <div className="px-6 pt-24 pb-8 sm:px-10 sm:pb-10">
        <h1 className="text-3xl font-bold [text-shadow:0_1px_8px_rgb(0_0_0/0.35)] sm:text-4xl">
          {t`Welcome to Al Maabila Hotel`}
        </h1>
        <p className="mt-3 max-w-2xl text-lg text-sand-100 [text-shadow:0_1px_6px_rgb(0_0_0/0.35)]">
          {t`Book your room, earn loyalty points and join our monthly prize draws.`}
        </p>
      </div>
    </section>
  );
}
