import type { Language } from '@shared/constants';

/**
 * Staff photos as the catalogue sends them (worker/src/modules/catalog/media.ts publicPhoto) and
 * what a page shows: the staff's photos when an owner has some, otherwise the seeded
 * placeholders (text-free pictures; the words are in the alt text).
 */
export type Photo = {
  id: number;
  src: string;
  /** Every width; `type` image/avif marks the AVIF copies (absent in copies cached before AVIF copies existed). */
  sources: { width: number; url: string; type?: string }[];
  width: number;
  height: number;
  /** A data: URL of a ~16 px image, shown (blurred by its upscaling) while the photo loads. */
  placeholder?: string;
  altAr: string;
  altEn: string;
};

/** One picture ready for an <img>: srcset and intrinsic size (no layout shift), alt in the active language. */
export type ShownImage = {
  key: string;
  src: string;
  srcSet?: string;
  /** The AVIF copies, for `<source type="image/avif">` (browsers without AVIF take srcSet). */
  avifSrcSet?: string;
  placeholder?: string;
  width: number;
  height: number;
  alt: string;
};

const AVIF = 'image/avif';

/** The `srcset` of a photo's widths: the AVIF copies with `avif`, the others without. */
export function srcSetOf(photo: Pick<Photo, 'sources'>, avif = false): string {
  return photo.sources
    .filter((s) => (s.type === AVIF) === avif)
    .map((s) => `${s.url} ${s.width}w`)
    .join(', ');
}

/** One photo ready for a page (`alt` in the active language, chosen by the caller). */
export function shownPhoto(p: Photo, alt: string): ShownImage {
  return {
    key: String(p.id),
    src: p.src,
    srcSet: srcSetOf(p),
    avifSrcSet: srcSetOf(p, true) || undefined,
    placeholder: p.placeholder || undefined,
    width: p.width,
    height: p.height,
    alt,
  };
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
    return photos.map((p, i) =>
      shownPhoto(p, (language === 'ar' ? p.altAr : p.altEn) || describe(i + 1, photos.length)),
    );
  }
  return placeholders.map((src, i) => ({
    key: src,
    src,
    ...placeholderSize,
    alt: describe(i + 1, placeholders.length),
  }));
}
