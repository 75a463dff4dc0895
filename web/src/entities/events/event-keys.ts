/**
 * Query keys of the prize draws, for the guest's screens and the back office
 * alike: one tree, so an admin's switch refreshes what guests read.
 */
export const eventKeys = {
  all: ['events'] as const,
  settings: () => [...eventKeys.all, 'settings'] as const,
};
