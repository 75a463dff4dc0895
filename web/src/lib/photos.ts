import type { Language } from '@shared/constants';

/**
 * Staff photos as the catalogue sends them (worker/src/lib/media.ts publicPhoto) and
 * what a page shows: the staff's photos when an owner has some, otherwise the seeded
 * placeholders (text-free pictures; the words are in the alt text).
 */
export type Photo = {
  id: number;
  src: string;
  sources: { width: number; url: string }[];
  width: number;
  height: number;
  altAr: string;
  altEn: string;
};

/** One picture ready for an <img>: srcset and intrinsic size (no layout shift), alt in the active language. */
export type ShownImage = {
  key: string;
  src: string;
  srcSet?: string;
  width: number;
  height: number;
  alt: string;
};

export function srcSetOf(photo: Pick<Photo, 'sources'>): string {
  return photo.sources.map((s) => `${s.url} ${s.width}w`).join(', ');
}

/**
 * The images to show: `photos` if any, else `placeholders` (paths of the seeded pictures,
 * `placeholderSize` px). `describe(n, total)` is the alt text where a photo has none.
 */
export function shownImages(
  photos: Photo[],
  placeholders: string[],
  language: Language,
  describe: (n: number, total: number) => string,
  placeholderSize: { width: number; height: number },
): ShownImage[] {
  if (photos.length > 0) {
    return photos.map((p, i) => ({
      key: String(p.id),
      src: p.src,
      srcSet: srcSetOf(p),
      width: p.width,
      height: p.height,
      alt: (language === 'ar' ? p.altAr : p.altEn) || describe(i + 1, photos.length),
    }));
  }
  return placeholders.map((src, i) => ({
    key: src,
    src,
    ...placeholderSize,
    alt: describe(i + 1, placeholders.length),
  }));
}
