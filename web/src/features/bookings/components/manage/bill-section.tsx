import { Trans, useLingui } from '@lingui/react/macro';
import { FolioBalance, FolioLines } from '@/entities/folio/folio-lines';
import { type Folio, useFolio } from '@/entities/folio/get-folio';
import type { ManagedBooking } from '../../api/managed-booking';

/**
 * "Your bill" on the booking's page: what was charged and paid, the balance, and the tax invoices
 * (each a printable page). Shown once the folio has a line; the guest's own booking only (the
 * server answers the folio to its guest: signed in, or this device's grant from the lookup).
 */
export function BillSection({ booking }: { booking: ManagedBooking }) {
  const { t } = useLingui();
  const folio = useFolio(booking.id);
  if (!folio.data || folio.data.lines.length === 0) return null;
  const invoices = invoicesOf(folio.data);
  return (
    <section
      aria-labelledby="booking-bill-heading"
      data-testid="booking-bill"
      className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="booking-bill-heading" className="text-xl font-bold text-slate-900">
        <Trans>Your bill</Trans>
      </h2>
      <FolioBalance balanceBaisa={folio.data.balanceBaisa} />
      <FolioLines lines={folio.data.lines} caption={t`What was charged and paid, oldest first`} />
      {invoices.length > 0 ? (
        <ul className="flex flex-col gap-2" data-testid="booking-invoices">
          {invoices.map(({ id, number }) => (
            <li key={id}>
              <a
                href={`/invoices/${id}`}
                className="font-semibold text-teal-800 underline underline-offset-4 outline-none focus-visible:outline-3 focus-visible:outline-gold-700"
                data-testid="booking-invoice-link"
              >
                {number ? (
                  <Trans>
                    Tax invoice <bdi dir="ltr">{number}</bdi>
                  </Trans>
                ) : (
                  <Trans>Tax invoice</Trans>
                )}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

type InvoiceLink = { id: number; number: string | null };

/**
 * The documents of a folio: those the answer lists (with their numbers) if it does, else each
 * invoice a line is on.
 */
function invoicesOf(folio: Folio): InvoiceLink[] {
  const listed = (folio as { invoices?: { id: number; number?: string }[] }).invoices;
  if (Array.isArray(listed)) return listed.map((i) => ({ id: i.id, number: i.number ?? null }));
  const ids = new Set<number>();
  for (const line of folio.lines) if (line.invoiceId != null) ids.add(line.invoiceId);
  return [...ids].map((id) => ({ id, number: null }));
}
