/** One owner's photos (a room tier, an offer, a service's menu or gallery) in the back office. */
export const adminMediaKeys = {
  all: ['admin', 'media'] as const,
  owner: (ownerKind: string, ownerId: string) => [...adminMediaKeys.all, ownerKind, ownerId] as const,
};
