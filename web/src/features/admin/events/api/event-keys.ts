/** Query keys of the event moderation screens. */
export const eventAdminKeys = {
  all: ['admin', 'events'] as const,
  submissions: (kind: ModeratedKind | 'location-sharing') => [...eventAdminKeys.all, kind] as const,
  overview: () => [...eventAdminKeys.all, 'overview'] as const,
};

/** The two kinds of entries staff judge: their path segment in /api/{kind}-submissions. */
export type ModeratedKind = 'photography' | 'google-review';
