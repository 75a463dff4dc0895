import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { hotelToday } from '@shared/dates';
import { toArabicIndicDigits } from '@shared/digits';
import type { InvoiceParty, InvoiceTaxTotal } from '@shared/folio';
import type { InvoiceDocument } from '@shared/invoice-schemas';
import { OUTLET_RULES, outletDocumentNumber } from '@shared/outlets';
import { roleAtLeast } from '@shared/roles';
import { ApiError } from '../../platform/api-error';
import { sha256Bytes } from '../../platform/crypto';
import type { AppEnv, Db } from '../../platform/env';
import { formatAmount, formatMoment } from '../../platform/format';
import { text, translate, type Language } from '../../platform/messages';
import { readSession } from '../../platform/session-cookies';
import { idParamSchema } from '@shared/date-schemas';
import { inHouseRooms } from '../bookings';
import { outletFolio } from '../folio';
import { checkInvoice, outletFor } from './outlet-reads';
import { outletCheckVoids, outletChecks, outlets } from './tables';

/**
 * An outlet's documents on paper (docs/decisions/090-outlets.md, "On paper"): pages the worker
 * makes, outside the API and the web app, as the desk's invoices are (`/invoices/:id`, decision
 * 068): no bundle, nothing to hydrate, readable with the same access as the check's JSON (the
 * outlet's staff, the desk and above).
 *
 * - `/invoices/outlet/:id[?credit=1]`: a paid check's tax invoice (or its void's credit note) on
 *   the desk's A4 page, Arabic and English side by side, the outlet and check in place of the
 *   booking, paid at the outlet;
 * - `/invoices/outlet/:id/receipt`: the check's receipt for an 80 mm thermal printer, both
 *   languages, any check: paid (its tax invoice's number, how it was paid) or charged to a room
 *   (the room, a line for the guest's signature); a voided one says so.
 */

const escape = (value: string) =>
  value.replace(
    /[<>&"']/g,
    (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );
type Values = Record<string, string | number>;
/** An Arabic text's figures in Arabic-Indic digits (a check or room number inside the sentence). */
const arDigits = (values: Values = {}): Values =>
  Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? toArabicIndicDigits(v) : v]),
  );
/** A label in both languages, English then Arabic, each in its own direction. */
const both = (id: string, values?: Values) =>
  `<span lang="en" dir="ltr">${escape(text('en', id, values))}</span>` +
  `<span lang="ar" dir="rtl">${escape(text('ar', id, arDigits(values)))}</span>`;
/** Amounts in one column, Latin digits, as the desk's invoices print them; a credit's minus in front. */
const money = (baisa: number) => escape(`${baisa < 0 ? '-' : ''}${formatAmount(Math.abs(baisa), 'en')}`);
/** A row: its label in both languages, and a figure at the end. */
const row = (label: string, figure = '', extra = '') =>
  `<div class="row${extra ? ` ${extra}` : ''}"><span class="l">${label}</span><span class="v">${figure}</span></div>`;
/** The same words in each language, when they are the data's own (a name). */
const named = (en: string, ar: string) =>
  `<span lang="en" dir="ltr">${escape(en || ar)}</span><span lang="ar" dir="rtl">${escape(ar || en)}</span>`;

export const RECEIPT_STYLE = `
@page { size: 80mm auto; margin: 0; }
* { box-sizing: border-box; }
html { background: rgb(229 229 229); }
body { margin: 0; color: black; font-family: "Noto Naskh Arabic", "Segoe UI", Tahoma, Arial, sans-serif;
  font-size: 9.5pt; line-height: 1.35; }
main { width: 80mm; max-width: 100%; margin: 4mm auto; padding: 4mm 4mm 6mm; background: white; }
header { text-align: center; border-bottom: 1pt dashed black; padding-bottom: 2mm; margin-bottom: 2mm; }
header p { margin: 0; }
header p > span, footer p > span { display: block; }
.hotel { font-weight: 700; font-size: 11pt; display: flex; flex-direction: column; }
.small { font-size: 8pt; }
h1 { font-size: 12pt; margin: 1.5mm 0 0; display: flex; justify-content: center; gap: 3mm; }
.row { display: grid; grid-template-columns: 1fr auto; gap: 2mm; align-items: baseline; }
.l { display: flex; justify-content: space-between; gap: 2mm; min-width: 0; }
.l [lang="ar"], .name [lang="ar"] { text-align: right; }
.v { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
.items { border-bottom: 1pt dashed black; padding: 1mm 0 2mm; margin-bottom: 2mm; }
.item { padding: 1mm 0; }
.name { display: flex; justify-content: space-between; gap: 2mm; font-weight: 600; margin: 0; }
.qty { color: rgb(64 64 64); }
.grand { font-weight: 700; font-size: 11pt; border-top: 1pt solid black; margin-top: 1mm; padding-top: 1mm; }
.paid { margin-top: 2mm; }
.void { border: 1.5pt solid black; padding: 1.5mm; margin: 2mm 0; text-align: center; font-weight: 700; }
.sign { margin-top: 8mm; border-top: 1pt solid black; padding-top: 1mm; }
footer { text-align: center; margin-top: 3mm; font-size: 8.5pt; }
footer p { margin: 0.5mm 0; }
.print { display: block; margin: 4mm auto 0; font: inherit; font-size: 11pt; padding: 2mm 6mm; min-height: 11mm;
  border: 1pt solid black; border-radius: 2mm; background: white; cursor: pointer; }
.print span { margin: 0 1.5mm; }
@media print {
  html { background: none; }
  main { width: 72mm; margin: 0 auto; padding: 1mm 0 4mm; }
  .print { display: none; }
}
`;

/** The page's one script: its Print button prints (nothing else runs). */
export const RECEIPT_SCRIPT = `document.querySelector('.print').addEventListener('click', () => print());`;

/** A check as its pages read it: the check, its void, its outlet, its room while in house. */
async function readCheck(db: Db, id: number) {
  const [found] = await db
    .select({ check: outletChecks, voided: outletCheckVoids, outlet: outlets })
    .from(outletChecks)
    .innerJoin(outlets, eq(outlets.id, outletChecks.outletId))
    .leftJoin(outletCheckVoids, eq(outletCheckVoids.checkId, outletChecks.id))
    .where(and(eq(outletChecks.id, id)));
  if (!found) throw new ApiError(404, 'outlet_check_not_found');
  return found;
}
type CheckRead = Awaited<ReturnType<typeof readCheck>>;

/** A tax's total as the receipt lists it: its name and rate when the document has them. */
type ReceiptTax = Pick<InvoiceTaxTotal, 'code' | 'amountBaisa'> &
  Partial<Pick<InvoiceTaxTotal, 'nameAr' | 'nameEn' | 'rateBp' | 'baseBaisa'>>;

/** The receipt's HTML: the hotel, the outlet, the check's lines, totals, how it was settled. */
export function receiptHtml(
  { check, voided, outlet }: CheckRead,
  supplier: InvoiceParty,
  taxes: ReceiptTax[],
  roomNumber: string | null,
): string {
  const invoiceNumber =
    check.invoiceYear !== null && check.invoiceSequence !== null
      ? outletDocumentNumber(OUTLET_RULES.invoiceSeries, check.invoiceYear, check.invoiceSequence)
      : null;
  const creditNote =
    voided && voided.creditNoteYear !== null && voided.creditNoteSequence !== null
      ? outletDocumentNumber(OUTLET_RULES.creditNoteSeries, voided.creditNoteYear, voided.creditNoteSequence)
      : null;
  const when = (language: Language) => escape(formatMoment(check.createdAt, language));
  const lines = check.lines
    .map((l) => {
      const unit = Math.round(l.amountBaisa / l.quantity);
      return `<div class="item"><p class="name">${named(l.nameEn, l.nameAr)}</p>${row(
        `<span class="qty" dir="ltr">${l.quantity} × ${money(unit)}</span>`,
        money(l.amountBaisa),
      )}</div>`;
    })
    .join('');
  const taxRows = taxes
    .map((t) => {
      const label =
        t.nameEn !== undefined && t.nameAr !== undefined && t.rateBp !== undefined
          ? `<span lang="en" dir="ltr">${escape(`${t.nameEn} ${t.rateBp / 100}%`)}</span><span lang="ar" dir="rtl">${escape(
              `${t.nameAr} ${toArabicIndicDigits(String(t.rateBp / 100))}٪`,
            )}</span>`
          : named(t.code, t.code);
      return row(label, money(t.amountBaisa));
    })
    .join('');
  const rounding = check.totalBaisa - check.netBaisa - taxes.reduce((a, t) => a + t.amountBaisa, 0);
  const settled =
    check.settlement === 'room'
      ? [
          row(roomNumber ? both('receipt.to_room', { room: roomNumber }) : both('receipt.to_a_room')),
          `<div class="sign">${row(both('receipt.signature'))}</div>`,
        ].join('')
      : [
          row(
            both(check.method === 'card' ? 'receipt.paid_card' : 'receipt.paid_cash'),
            money(check.totalBaisa),
          ),
          // The terminal's code as on its slip, isolated left to right.
          check.approvalCode
            ? row(both('receipt.approval_code', { code: `\u2066${check.approvalCode}\u2069` }))
            : '',
        ].join('');
  const vat = supplier.vatNumber
    ? `<p class="small">${both('receipt.vat_number', { number: supplier.vatNumber })}</p>`
    : '';
  return `<!doctype html>
<html lang="ar" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(text('en', 'receipt.title'))} · ${escape(text('ar', 'receipt.title'))} · ${escape(outlet.nameEn)} ${escape(check.checkNumber)}</title>
<style>${RECEIPT_STYLE}</style>
</head>
<body>
<main data-check="${check.id}">
<header>
<p class="hotel">${named(supplier.nameEn, supplier.nameAr)}</p>
${supplier.addressEn || supplier.addressAr ? `<p class="small">${named(supplier.addressEn, supplier.addressAr)}</p>` : ''}
${vat}
<p>${named(outlet.nameEn, outlet.nameAr)}</p>
<h1>${both('receipt.title')}</h1>
</header>
${row(both('receipt.check', { number: check.checkNumber }))}
${row(`<span lang="en" dir="ltr">${when('en')}</span><span lang="ar" dir="rtl">${when('ar')}</span>`)}
${invoiceNumber ? row(both('receipt.tax_invoice'), `<bdi dir="ltr">${escape(invoiceNumber)}</bdi>`) : ''}
<div class="items">${lines}</div>
${row(both('invoice.label.net_total'), money(check.netBaisa))}
${taxRows}
${rounding !== 0 ? row(both('invoice.label.rounding'), money(rounding)) : ''}
${row(both('invoice.label.total'), money(check.totalBaisa), 'grand')}
<div class="paid">${settled}</div>
${
  voided
    ? `<div class="void">${row(both('receipt.voided'))}<p>${escape(voided.reason)}</p>${
        creditNote ? row(both('receipt.credit_note'), `<bdi dir="ltr">${escape(creditNote)}</bdi>`) : ''
      }</div>`
    : ''
}
<footer><p>${both('invoice.label.currency')}</p><p>${both('receipt.thanks')}</p></footer>
<button type="button" class="print">${both('receipt.print')}</button>
</main>
<script>${RECEIPT_SCRIPT}</script>
</body>
</html>`;
}

/** The CSP sources of a page's one style and script (made once per isolate). */
const hashOf = (source: string) =>
  sha256Bytes(source).then((b) => `'sha256-${btoa(String.fromCharCode(...b))}'`);
let receiptHashes: Promise<[string, string]> | undefined;
let invoiceStyleHash: Promise<string> | undefined;

/** A short page in both languages: the check is not there, or not the reader's to see. */
function notFoundPage(): string {
  return `<!doctype html><html lang="ar"><meta charset="utf-8"><title>404</title><p lang="ar" dir="rtl">${escape(
    translate('outlet_check_not_found', 'ar'),
  )}</p><p lang="en">${escape(translate('outlet_check_not_found', 'en'))}</p></html>`;
}

/**
 * The check `:id` for the signed-in reader, or a refusal: signed out, another outlet's waiter, a
 * guest, an unknown or malformed id all read as "not found" (nothing is revealed).
 */
async function readableCheck(c: Context<AppEnv>) {
  const parsed = idParamSchema.safeParse({ id: c.req.param('id') });
  const session = await readSession(c);
  if (!parsed.success || !session) throw new ApiError(404, 'outlet_check_not_found');
  const user = session.user;
  if (!roleAtLeast(user.role, 'outlet')) throw new ApiError(404, 'outlet_check_not_found');
  const found = await readCheck(c.get('db'), parsed.data.id);
  // The desk reads every outlet's checks; a waiter only those of the outlets they are on the staff of.
  if (!roleAtLeast(user.role, 'staff')) await outletFor(c.get('db'), user, found.check.outletId);
  return { found, user };
}

const pageHeaders = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' };

/**
 * GET /invoices/outlet/:id/receipt: the check's receipt, 80 mm wide (any check, paid or to a room).
 *
 * @example app.get('/invoices/outlet/:id/receipt', outletReceiptPage); // the entry serves it
 */
export async function outletReceiptPage(c: Context<AppEnv>): Promise<Response> {
  const [style, script] = await (receiptHashes ??= Promise.all([
    hashOf(RECEIPT_STYLE),
    hashOf(RECEIPT_SCRIPT),
  ]));
  c.set('inlineStyleHashes', [style]);
  c.set('inlineScriptHashes', [script]);
  try {
    const { found } = await readableCheck(c);
    const db = c.get('db');
    const { check } = found;
    const paid = check.invoice;
    const [{ supplier, taxes }, rooms] = await Promise.all([
      paid ? { supplier: paid.supplier, taxes: [] } : outletFolio.supplier(db),
      check.bookingId ? inHouseRooms.query(db, hotelToday(), { bookingId: check.bookingId }) : [],
    ]);
    // A paid check's taxes are its document's (names, rates); a room check's its lines', named by the settings.
    const shown: ReceiptTax[] = paid
      ? paid.taxTotals
      : check.taxes.map((t) => {
          // The tax as in force on the check's day (a rate starts on a date).
          const tax = taxes
            .filter((s) => s.code === t.code && s.effectiveFrom <= check.businessDate)
            .sort((a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom))[0];
          return { ...t, ...(tax && { nameAr: tax.nameAr, nameEn: tax.nameEn, rateBp: tax.rateBp }) };
        });
    return c.html(receiptHtml(found, supplier, shown, rooms[0]?.roomNumber ?? null), 200, pageHeaders);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return c.html(notFoundPage(), 404, pageHeaders);
  }
}

/**
 * GET /invoices/outlet/:id[?credit=1]: a paid check's tax invoice (its void's credit note) on the
 * desk's A4 page; a check charged to a room has none (404: its lines are on the guest's folio).
 *
 * @example app.get('/invoices/outlet/:id', outletInvoicePage); // the entry serves it
 */
export async function outletInvoicePage(c: Context<AppEnv>): Promise<Response> {
  c.set('inlineStyleHashes', [await (invoiceStyleHash ??= hashOf(outletFolio.pageStyle))]);
  try {
    const { found, user } = await readableCheck(c);
    const credit = c.req.query('credit') === '1';
    const { doc } = await checkInvoice(c.get('db'), user, found.check.id, credit);
    const { check } = found;
    // Paid at the outlet, in full, when it was issued: the document's settlement (a credit note has none).
    const withPayment: InvoiceDocument = credit
      ? doc
      : {
          ...doc,
          settlement: {
            lines: [
              {
                kind: 'payment',
                method: check.method,
                businessDate: doc.issueDate,
                amountBaisa: doc.totalBaisa,
                approvalCode: check.approvalCode,
              },
            ],
            paidBaisa: doc.totalBaisa,
            balanceBaisa: 0,
          },
        };
    const html = outletFolio.pageHtml(withPayment, {
      nameAr: found.outlet.nameAr,
      nameEn: found.outlet.nameEn,
      checkNumber: check.checkNumber,
    });
    return c.html(html, 200, pageHeaders);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return c.html(notFoundPage(), 404, pageHeaders);
  }
}
