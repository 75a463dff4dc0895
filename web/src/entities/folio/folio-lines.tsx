import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { FOLIO_BALANCE_SIGN } from '@shared/folio';
import { BookingReference } from '@/components/booking-reference';
import { useLanguage } from '@/hooks/use-language';
import { nightsCount } from '@/lib/counts';
import { formatCount, formatDate, formatPrice } from '@/lib/format';
import {
  departmentLabel,
  lineKindLabel,
  lineReasonText,
  paymentMethodLabel,
  taxCodeLabel,
} from './folio-words';
import { type FolioLine, lineTaxBaisa } from './get-folio';

/**
 * An outlet check's line in one language: the worker names it in both, "English · العربية"
 * (modules/outlets, decision 090), each half the outlet, the check's number and the item. The
 * halves have as many " · " each (the same names in two languages): the middle one splits them;
 * a description that cannot be split so is shown whole.
 */
export function outletLineHalf(description: string, language: 'ar' | 'en'): string {
  const parts = description.split(' · ');
  if (parts.length % 2 !== 0) return description;
  const half = parts.length / 2;
  const own = (language === 'ar' ? parts.slice(half) : parts.slice(0, half)).join(' · ').trim();
  return own || description;
}

/** What a line is, in words: the department and description of a charge, the method of a payment. */
export function lineText(i18n: I18n, line: FolioLine): string {
  const language = i18n.locale === 'ar' ? 'ar' : 'en';
  const night = line.night ? formatDate(line.night, language) : null;
  // An outlet's check names its line in both languages: the page's only.
  const own =
    line.outletCheckId != null && line.description
      ? outletLineHalf(line.description, language)
      : line.description;
  // A room night has no description of its own: it is named by its night.
  const description = own?.trim() || (night ? i18n._(msg`Night of ${night}`) : '');
  const department = line.department ? departmentLabel(i18n, line.department) : '';
  const method = line.method ? paymentMethodLabel(i18n, line.method) : '';
  // A card payment's terminal approval code, as typed: isolated left to right (U+2066…U+2069).
  const code = line.approvalCode ? `\u2066${line.approvalCode}\u2069` : null;
  const approval = code ? i18n._(msg`Approval code ${code}`) : '';
  const parts =
    line.kind === 'charge'
      ? [department, description]
      : line.kind === 'correction' || line.kind === 'rounding'
        ? [lineKindLabel(i18n, line.kind), department, description]
        : [lineKindLabel(i18n, line.kind), method, approval, description];
  return parts.filter((part) => part !== '').join(' · ');
}

/** A line's effect on the balance: charges and refunds add, payments and transfers take away. */
export const signedAmount = (line: FolioLine) => FOLIO_BALANCE_SIGN[line.kind] * line.amountBaisa;

/** A night not charged yet, at its amount on the folio (the folio's answer, `nightsToCome`). */
export type NightToCome = { night: string; amountBaisa: number };

/**
 * The balance in words: what the guest owes, that the folio is settled, or what the hotel owes
 * the guest (paid more than charged). An open stay's nights not charged yet (`nightsToCome`)
 * change what that means: money paid before them is paid in advance, not a credit, and the
 * balance the stay is expected to end on, with them, is said under it. A stay its OTA collects
 * (`paidByOta`) owes nothing of it from the guest: what is owed is the OTA's to pay.
 */
export function FolioBalance({
  balanceBaisa,
  nightsToCome = [],
  paidByOta = false,
}: {
  balanceBaisa: number;
  nightsToCome?: readonly NightToCome[];
  paidByOta?: boolean;
}) {
  const language = useLanguage();
  const amount = formatPrice(Math.abs(balanceBaisa), language);
  const coming = nightsToCome.length > 0;
  const toComeBaisa = nightsToCome.reduce((sum, n) => sum + n.amountBaisa, 0);
  const expectedBaisa = balanceBaisa + toComeBaisa;
  const nights = nightsCount(nightsToCome.length, language);
  const toCome = formatPrice(toComeBaisa, language);
  const expected = formatPrice(Math.abs(expectedBaisa), language);
  return (
    <div
      className={`flex flex-col gap-1 rounded-xl p-3 ${
        balanceBaisa > 0 && !paidByOta ? 'bg-amber-50 text-amber-950' : 'bg-teal-50 text-teal-900'
      }`}
    >
      <p
        className="flex flex-wrap items-baseline justify-between gap-2 text-lg font-bold"
        data-testid="folio-balance"
        data-balance-baisa={balanceBaisa}
      >
        {balanceBaisa > 0 && paidByOta ? (
          <Trans>
            Paid by the OTA <bdi className="text-xl">{amount}</bdi>
          </Trans>
        ) : balanceBaisa > 0 ? (
          <Trans>
            Balance due <bdi className="text-xl">{amount}</bdi>
          </Trans>
        ) : balanceBaisa < 0 && coming ? (
          <Trans>
            Paid in advance <bdi className="text-xl">{amount}</bdi>
          </Trans>
        ) : balanceBaisa < 0 ? (
          <Trans>
            In credit: the hotel owes <bdi className="text-xl">{amount}</bdi>
          </Trans>
        ) : coming ? (
          <Trans>Settled so far: nothing is due yet</Trans>
        ) : (
          <Trans>Settled: nothing is due</Trans>
        )}
      </p>
      {coming ? (
        <p className="text-slate-800" data-testid="folio-expected" data-expected-baisa={expectedBaisa}>
          {balanceBaisa < 0 ? (
            <Trans>
              Still to be charged against it: {nights}, <bdi>{toCome}</bdi>.
            </Trans>
          ) : (
            <Trans>
              Still to be charged: {nights}, <bdi>{toCome}</bdi>.
            </Trans>
          )}{' '}
          {expectedBaisa > 0 && paidByOta ? (
            <Trans>
              Paid by the OTA for the stay: <bdi className="font-bold">{expected}</bdi>.
            </Trans>
          ) : expectedBaisa > 0 ? (
            <Trans>
              Due for the stay: <bdi className="font-bold">{expected}</bdi>.
            </Trans>
          ) : expectedBaisa < 0 ? (
            <Trans>
              Left in credit after the stay: <bdi className="font-bold">{expected}</bdi>.
            </Trans>
          ) : (
            <Trans>Nothing more to pay for the stay.</Trans>
          )}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A folio's lines, oldest first: a table on a tablet (date, what, quantity, amount, tax and a
 * line's move, if any), a list on a phone. Amounts carry their effect on the balance (a payment
 * with a minus), so the column adds up to the balance.
 */
export function FolioLines<Line extends FolioLine>({
  lines,
  caption,
  actions,
  emptyText,
  guestOf,
}: {
  lines: readonly Line[];
  caption: string;
  /** A line's move (staff): rendered in its last cell. */
  actions?: (line: Line) => ReactNode;
  emptyText?: ReactNode;
  /** The guest and booking a line is for, where one folio holds several stays (a group's). */
  guestOf?: (line: Line) => { name: string; reference: string } | undefined;
}) {
  const { i18n } = useLingui();
  const language = useLanguage();
  if (lines.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-sand-200 p-4 text-center text-slate-700">
        {emptyText ?? <Trans>Nothing has been charged or paid yet.</Trans>}
      </p>
    );
  }
  const taxes = (line: FolioLine) =>
    (line.taxes ?? [])
      .filter((tax) => tax.amountBaisa !== 0)
      .map((tax) => `${taxCodeLabel(i18n, tax.code)} ${formatPrice(tax.amountBaisa, language)}`)
      // Arabic parts apart with its comma: a middle dot after "ر.ع." read "ر.ع.." (the walk).
      .join(language === 'ar' ? '، ' : ' · ');
  return (
    // A region the keyboard can reach and scroll sideways (a phone shows part of the table).
    <div
      role="region"
      aria-label={caption}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus (WCAG 2.1.1)
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-sand-200 outline-none focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-gold-700"
    >
      <table className="w-full border-collapse text-start text-sm" data-testid="folio-lines">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-sand-50 text-slate-800">
          <tr>
            <th scope="col" className="hidden px-3 py-2 text-start font-semibold sm:table-cell">
              <Trans>Date</Trans>
            </th>
            <th scope="col" className="px-3 py-2 text-start font-semibold">
              <Trans>Description</Trans>
            </th>
            <th scope="col" className="hidden px-3 py-2 text-end font-semibold sm:table-cell">
              <Trans>Qty</Trans>
            </th>
            <th scope="col" className="px-3 py-2 text-end font-semibold">
              <Trans>Amount</Trans>
            </th>
            <th scope="col" className="hidden px-3 py-2 text-end font-semibold sm:table-cell">
              <Trans>Tax</Trans>
            </th>
            {actions ? (
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">
                  <Trans>Actions</Trans>
                </span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-sand-200">
          {lines.map((line) => {
            const tax = lineTaxBaisa(line);
            const guest = guestOf?.(line);
            const date = formatDate(line.businessDate, language);
            const quantity =
              (line.kind === 'charge' || line.kind === 'correction') && line.quantity
                ? formatCount(line.quantity, language)
                : '';
            return (
              <tr key={line.id} data-testid="folio-line" data-kind={line.kind} className="align-top">
                <td className="hidden px-3 py-2 whitespace-nowrap text-slate-700 sm:table-cell">{date}</td>
                <td className="min-w-40 px-3 py-2 text-slate-900">
                  <span className="font-medium">{lineText(i18n, line)}</span>
                  {/* On a phone the date and the quantity go under the description. */}
                  <span className="block text-slate-700 sm:hidden">
                    {quantity && line.quantity !== 1 ? (
                      <Trans>
                        {date} · quantity {quantity}
                      </Trans>
                    ) : (
                      date
                    )}
                  </span>
                  {guest ? (
                    <span className="block text-slate-700" data-testid="folio-line-guest">
                      <Trans>
                        For <bdi dir="auto">{guest.name}</bdi>
                      </Trans>
                      {guest.reference ? (
                        <>
                          {' '}
                          {/* The dot goes to the next line with the reference, never alone. */}
                          <span className="whitespace-nowrap">
                            · <BookingReference reference={guest.reference} />
                          </span>
                        </>
                      ) : null}
                    </span>
                  ) : null}
                  {line.reason ? (
                    <span className="block text-slate-700">
                      <Trans>Reason: {lineReasonText(i18n, line.reason)}</Trans>
                    </span>
                  ) : null}
                  {/* A rounding line's taxes may add up to 0 (a baisa from the levy to VAT): shown each. */}
                  {tax !== 0 || line.kind === 'rounding' ? (
                    <span className="block text-xs text-slate-600">{taxes(line)}</span>
                  ) : null}
                </td>
                <td className="hidden px-3 py-2 text-end whitespace-nowrap sm:table-cell">{quantity}</td>
                <td className="px-3 py-2 text-end font-semibold whitespace-nowrap">
                  <bdi>{formatPrice(signedAmount(line), language)}</bdi>
                </td>
                <td className="hidden px-3 py-2 text-end whitespace-nowrap text-slate-700 sm:table-cell">
                  {tax !== 0 ? <bdi>{formatPrice(tax, language)}</bdi> : ''}
                </td>
                {actions ? <td className="px-1 py-1 text-end">{actions(line)}</td> : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
