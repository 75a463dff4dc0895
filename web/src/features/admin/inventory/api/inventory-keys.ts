/**
 * Query keys of the staff inventory screen. Kept apart from the guest's
 * ['rooms', ...] keys so the admin chunks need nothing of the rooms feature.
 */
export const inventoryKeys = {
  all: ['admin', 'inventory'] as const,
  rooms: () => [...inventoryKeys.all, 'rooms'] as const,
  beds: () => [...inventoryKeys.all, 'beds'] as const,
  smoking: () => [...inventoryKeys.all, 'smoking'] as const,
};
