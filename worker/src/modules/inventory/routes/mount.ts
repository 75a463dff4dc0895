import { availabilityRoutes } from './availability';
import { roomBedInventoryRoutes } from './room-bed-inventory';
import { roomInventoryRoutes } from './room-inventory';
import { roomListRoutes } from './room-list';
import { roomSmokingInventoryRoutes } from './room-smoking-inventory';

/**
 * The inventory's public routes, one sub-app per resource, which the entry mounts each by its own
 * prefix (worker/src/index.ts): the allotments per room type (/room-inventory), bed type
 * (/room-bed-inventory) and smoking option (/room-smoking-inventory), read by all and set by staff;
 * the booking calendar's availability (/availability) and a type's numbered rooms for the guest's
 * choice (/room-list).
 *
 * @example api.route('/availability', inventoryRoutes.availability);
 */
export const inventoryRoutes = {
  roomInventory: roomInventoryRoutes,
  roomBedInventory: roomBedInventoryRoutes,
  roomSmokingInventory: roomSmokingInventoryRoutes,
  availability: availabilityRoutes,
  roomList: roomListRoutes,
} as const;
