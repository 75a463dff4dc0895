import { Hono } from 'hono';
import type { AppEnv } from '../../../platform/env';
import { cityLedgerAdmin } from './admin/city-ledger';
import { commissionsAdmin } from './admin/commissions';
import { groupFolioAdmin } from './admin/group-folio';
import { invoicesAdmin, invoicesCsvRoutes } from './admin/invoices';
import { taxReportAdmin, taxReportCsvRoutes } from './admin/tax-report';
import { taxesAdmin } from './admin/taxes';
import { folioRoutes } from './folio';
import { bookingInvoiceRoutes, invoiceRoutes } from './invoices';

/**
 * The folio's API, each resource by its own prefix (the file named after its path): a stay's folio
 * and its invoices (/booking-submissions/:id/folio, /:id/invoices), the invoices (/invoices), and
 * the admin's taxes, tax report, city ledger, commissions, a master-billed group's folio
 * (/admin/groups/:id/folio) and the invoices' list. Each router checks its own roles.
 *
 * @example
 * api.route('/', folioApi); // the entry mounts it under /api
 */
export const folioApi = new Hono<AppEnv>()
  .route('/booking-submissions', folioRoutes)
  .route('/booking-submissions', bookingInvoiceRoutes)
  .route('/invoices', invoiceRoutes)
  .route('/admin/taxes', taxesAdmin)
  .route('/admin/tax-report', taxReportAdmin)
  .route('/admin/tax-report.csv', taxReportCsvRoutes)
  .route('/admin/city-ledger', cityLedgerAdmin)
  .route('/admin/commissions', commissionsAdmin)
  .route('/admin/groups', groupFolioAdmin)
  .route('/admin/invoices', invoicesAdmin)
  .route('/admin/invoices.csv', invoicesCsvRoutes);
