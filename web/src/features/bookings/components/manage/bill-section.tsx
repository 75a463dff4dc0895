import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { FolioBalance, FolioLines } from '@/entities/folio/folio-lines';
import { type Folio, useFolio } from '@/entities/folio/get-folio';
import { useLanguage } from '@/hooks/use-language';
import { formatPrice } from '@/lib/format';
import { useOnline } from '@/lib/use-online';
import { invoiceQueryOptions } from '../../api/get-invoice';
import type { ManagedBooking } from '../../api/managed-booking';

/**
 * "Your bill" on the booking's page: what was charged and paid, the balance, and the tax invoices
 * (each a printable page). Shown once the folio has a line; the guest's own booking only (the
 * server answers the folio to its guest: signed in, or this device's grant from the lookup).
 * A document's page is made by the server each time: offline its name stays (as last read) but
 * it is no link, and the bill says why, as Pay does.
 */
export function BillSection({ booking }: { booking: ManagedBooking }) {
  const { t } = useLingui();
  const folio = useFolio(booking.id);
  const online = useOnline();
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
      <FolioBalance
        balanceBaisa={folio.data.balanceBaisa}
        nightsToCome={folio.data.nightsToCome}
        paidByOta={folio.data.paidByOta}
      />
      <FolioLines lines={folio.data.lines} caption={t`What was charged and paid, oldest first`} />
      {invoices.length > 0 ? (
        <ul className="flex flex-col gap-2" data-testid="booking-invoices">
          {invoices.map((id) => (
            <InvoiceLink key={id} id={id} offline={!online} />
          ))}
        </ul>
      ) : null}
      {invoices.length > 0 && !online ? (
        <p className="text-sm text-slate-700" data-testid="invoices-offline">
          <Trans>You are offline: connect to the internet to open your invoices.</Trans>
        </p>
      ) : null}
    </section>
  );
}

/** The documents the folio's lines are on (an invoice, and a credit note if one corrected it). */
function invoicesOf(folio: Folio): number[] {
  const ids = new Set<number>();
  for (const line of folio.lines) if (line.invoiceId != null) ids.add(line.invoiceId);
  return [...ids];
}

/** A document's printable page, named by its number and total once read. */
/** A document's printable page; offline, no link (the bill's sentence below says why). */
function InvoiceLink({ id, offline }: { id: number; offline: boolean }) {
  const language = useLanguage();
  const invoice = useQuery(invoiceQueryOptions(id)).data;
  const number = invoice?.number ?? '';
  const total = invoice ? formatPrice(invoice.totalBaisa, language) : '';
  const name = !invoice ? (
    <Trans>Tax invoice</Trans>
  ) : invoice.kind === 'credit_note' ? (
    <Trans>
      Credit note <bdi dir="ltr">{number}</bdi>, <bdi>{total}</bdi>
    </Trans>
  ) : (
    <Trans>
      Tax invoice <bdi dir="ltr">{number}</bdi>, <bdi>{total}</bdi>
    </Trans>
  );
  if (offline) {
    // No link offline: the document's name as last read, and the bill's sentence saying why.
    return (
      <li>
        <span className="font-semibold text-slate-700" data-testid="booking-invoice-link" data-offline="">
          {name}
        </span>
      </li>
    );
  }
  return (
    <li>
      <a
        href={`/invoices/${id}`}
        className="font-semibold text-teal-800 underline underline-offset-4 outline-none focus-visible:outline-3 focus-visible:outline-gold-700"
        data-testid="booking-invoice-link"
      >
        {name}
      </a>
    </li>
  );
}
