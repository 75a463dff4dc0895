import { Hono } from 'hono';
import type { AppEnv } from '../../../platform/env';
import { availabilityRoutes } from './availability';
import { roomBedInventoryRoutes } from './room-bed-inventory';
import { roomInventoryRoutes } from './room-inventory';
import { roomListRoutes } from './room-list';
import { roomSmokingInventoryRoutes } from './room-smoking-inventory';

/**
 * The inventory's public routes under their own prefixes: the allotments per room type, bed type
 * and smoking option (read by all, set by staff), the booking calendar's availability and a type's
 * numbered rooms for the guest's choice (/api/room-list). Mounted
 * at /api with bookings' routes, where they were (modules/bookings/routes/mount.ts).
 */
export const inventoryRoutes = new Hono<AppEnv>()
  .route('/room-inventory', roomInventoryRoutes)
  .route('/room-bed-inventory', roomBedInventoryRoutes)
  .route('/room-smoking-inventory', roomSmokingInventoryRoutes)
  .route('/availability', availabilityRoutes)
  .route('/room-list', roomListRoutes);
