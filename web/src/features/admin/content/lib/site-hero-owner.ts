import { SITE_HERO_OWNER_ID } from '@shared/media-schemas';

/** The home page's photos: the photo manager's owner for them, and the hero's choices. */
export const HERO_OWNER = { ownerKind: 'site_hero', ownerId: SITE_HERO_OWNER_ID } as const;
