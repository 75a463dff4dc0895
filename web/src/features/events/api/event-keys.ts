/** Query keys of the guest's event screens. */
export const eventKeys = {
  all: ['events'] as const,
  settings: () => [...eventKeys.all, 'settings'] as const,
};
