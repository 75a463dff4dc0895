/**
 * Hierarchical query keys: invalidate `roomKeys.all` to refresh everything
 * about rooms, or `roomKeys.inventories()` for every availability count
 * (tonight's and every stay window's) after a booking or a cancellation.
 */
export type StayWindow = { from: string; to: string };

export const roomKeys = {
  all: ['rooms'] as const,
  list: () => [...roomKeys.all, 'list'] as const,
  /** The hotel's room types (GET /api/room-types). */
  types: () => [...roomKeys.all, 'types'] as const,
  /** Every type, retired ones too (GET /api/room-types?all=1): the names of what was booked. */
  allTypes: () => [...roomKeys.types(), 'all'] as const,
  offers: () => [...roomKeys.all, 'offers'] as const,
  inventories: () => [...roomKeys.all, 'inventory'] as const,
  /** Rooms left per type; without a stay window, tonight. */
  inventory: (stay?: StayWindow) => [...roomKeys.inventories(), 'rooms', stay ?? 'tonight'] as const,
  bedInventory: (stay?: StayWindow) => [...roomKeys.inventories(), 'beds', stay ?? 'tonight'] as const,
  smokingInventory: (stay?: StayWindow) => [...roomKeys.inventories(), 'smoking', stay ?? 'tonight'] as const,
  /** Tonight's counts with a retired type's rows too (?all=1): the staff's inventory screen. */
  staffInventory: (kind: 'rooms' | 'beds' | 'smoking') =>
    [...roomKeys.inventories(), kind, 'tonight', 'all'] as const,
  /** The numbered rooms of a type, free tonight or not (an availability: refreshed with the counts). */
  roomList: (roomType: string) => [...roomKeys.inventories(), 'numbered', roomType] as const,
};
