import { DEMO_PICTURES, type DemoPicture } from './demo-photos';

/** A photo as the public reads answer it (worker/src/modules/catalog/media.ts publicPhoto). */
export type DemoPhoto = {
  id: number;
  src: string;
  sources: { width: number; url: string; type: string }[];
  width: number;
  height: number;
  placeholder: string;
  altAr: string;
  altEn: string;
};

/**
 * The demo pictures (demo-photos.ts, made by scripts/make-demo-photos.mjs) as photos, for
 * an owner with no photo of the hotel's own (worker/src/modules/catalog/catalog-reads.ts, site-settings.ts; the
 * landing's prerender for its hero) (docs/decisions/033-photo-first-pages.md): the same
 * shape as a staff photo, so pages show them through one code path. Their ids are negative
 * (never a row's) and their alt text empty: the pages describe them ("<room>: photo 1 of 3").
 */
function asPhoto(picture: DemoPicture, index: number): DemoPhoto {
  return {
    id: -(index + 1),
    src: picture.sources.filter((s) => s.type === 'image/webp').at(-1)!.url,
    sources: picture.sources,
    width: picture.width,
    height: picture.height,
    placeholder: picture.placeholder,
    altAr: '',
    altEn: '',
  };
}

function pictures(names: string[]): DemoPhoto[] {
  return names.flatMap((name) => {
    const index = DEMO_PICTURES.findIndex((p) => p.name === name);
    return index < 0 ? [] : [asPhoto(DEMO_PICTURES[index]!, index)];
  });
}

/** A room tier's demo gallery: the bedroom first, then the view and the sitting room. */
export const demoRoomPhotos = (tier: string) => pictures([`room-${tier}`, `view-${tier}`, `lounge-${tier}`]);

/** An offer's demo gallery (by its tier): the view first, so an offer's card is not its room's. */
export const demoOfferPhotos = (tier: string) => pictures([`view-${tier}`, `room-${tier}`, `lounge-${tier}`]);

/** The landing's demo hero picture. */
export const demoHero = (): DemoPhoto => pictures(['hero'])[0]!;
