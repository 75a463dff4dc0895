import { cityLedgerAdmin } from './admin/city-ledger';
import { commissionsAdmin } from './admin/commissions';
import { groupFolioAdmin } from './admin/group-folio';
import { invoicesAdmin, invoicesCsvRoutes } from './admin/invoices';
import { taxReportAdmin, taxReportCsvRoutes } from './admin/tax-report';
import { taxesAdmin } from './admin/taxes';
import { folioRoutes } from './folio';
import { bookingInvoiceRoutes, invoiceRoutes } from './invoices';

/**
 * The folio's API, one sub-app per resource, which the entry mounts each by its own prefix
 * (worker/src/index.ts; the file named after its path): a stay's folio and its invoices
 * (/booking-submissions/:id/folio, /:id/invoices), the invoices (/invoices), and the admin's taxes,
 * tax report, city ledger, commissions, a master-billed group's folio (/admin/groups/:id/folio) and
 * the invoices' list. Each router checks its own roles.
 *
 * @example
 * api.route('/invoices', folioApi.invoices);
 */
export const folioApi = {
  folio: folioRoutes,
  bookingInvoices: bookingInvoiceRoutes,
  invoices: invoiceRoutes,
  taxesAdmin,
  taxReportAdmin,
  taxReportCsv: taxReportCsvRoutes,
  cityLedgerAdmin,
  commissionsAdmin,
  groupFolioAdmin,
  invoicesAdmin,
  invoicesCsv: invoicesCsvRoutes,
} as const;
