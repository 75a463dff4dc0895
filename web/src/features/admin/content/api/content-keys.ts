/** The back office's offers list; the site settings use the shared key (entities/site-settings). */
export const adminOfferKeys = {
  all: ['admin', 'offers'] as const,
};

export const adminServiceKeys = {
  all: ['admin', 'services'] as const,
};

/** One owner's photos (a room tier, an offer, a service's menu or gallery). */
export const adminMediaKeys = {
  all: ['admin', 'media'] as const,
  owner: (ownerKind: string, ownerId: string) => [...adminMediaKeys.all, ownerKind, ownerId] as const,
};
