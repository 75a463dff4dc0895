import { OUTLET_RULES, outletDocumentNumber } from '@shared/outlets';
import type { Outlet, outletCheckVoids, outletChecks } from './tables';

type CheckRow = typeof outletChecks.$inferSelect;
type VoidRow = typeof outletCheckVoids.$inferSelect;

/**
 * A check as the API answers it (the tablet's list, a posting's answer, the manager's day): its
 * number, lines, totals, how it was settled, its invoice's number when paid, and its void.
 */
export function checkView(
  row: CheckRow,
  outlet: Pick<Outlet, 'id' | 'nameAr' | 'nameEn'>,
  roomNumber: string | null,
  voided: VoidRow | null,
) {
  return {
    id: row.id,
    outletId: outlet.id,
    outletNameAr: outlet.nameAr,
    outletNameEn: outlet.nameEn,
    source: row.source,
    checkNumber: row.checkNumber,
    businessDate: row.businessDate,
    settlement: row.settlement,
    bookingId: row.bookingId,
    roomNumber,
    method: row.method,
    approvalCode: row.approvalCode,
    lines: row.lines,
    taxes: row.taxes,
    netBaisa: row.netBaisa,
    taxBaisa: row.taxBaisa,
    totalBaisa: row.totalBaisa,
    invoiceNumber:
      row.invoiceYear !== null && row.invoiceSequence !== null
        ? outletDocumentNumber(OUTLET_RULES.invoiceSeries, row.invoiceYear, row.invoiceSequence)
        : null,
    createdAt: row.createdAt.toISOString(),
    voided: voided
      ? {
          reason: voided.reason,
          businessDate: voided.businessDate,
          createdAt: voided.createdAt.toISOString(),
          creditNoteNumber:
            voided.creditNoteYear !== null && voided.creditNoteSequence !== null
              ? outletDocumentNumber(
                  OUTLET_RULES.creditNoteSeries,
                  voided.creditNoteYear,
                  voided.creditNoteSequence,
                )
              : null,
        }
      : null,
  };
}
export type CheckView = ReturnType<typeof checkView>;
