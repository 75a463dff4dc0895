import { Hono } from 'hono';
import { requireRole } from '../../../../platform/auth-middleware';
import type { AppEnv } from '../../../../platform/env';
import { booksReportRoutes } from './books';
import { flashProductionRoutes } from './flash-production';
import { tourismReturnRoutes } from './tourism';

/**
 * /api/admin/reports (managers): the manager reports, each as JSON or, with `&format=csv`, as CSV
 * (formula cells neutralised by platform/csv.ts). Each report's routes are added to this one router.
 */
export const reportsAdmin = new Hono<AppEnv>()
  .use(requireRole('manager'))
  .route('/', booksReportRoutes)
  .route('/', flashProductionRoutes)
  .route('/', tourismReturnRoutes);
