/** The back office's offers list; the site settings use the shared key (entities/site-settings). */
export const adminOfferKeys = {
  all: ['admin', 'offers'] as const,
};

export const adminServiceKeys = {
  all: ['admin', 'services'] as const,
};
