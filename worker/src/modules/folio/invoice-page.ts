import { formatBookingReference } from '@shared/booking-reference';
import { toArabicIndicDigits } from '@shared/digits';
import type { InvoiceLine, InvoiceParty } from '@shared/folio';
import type { InvoiceDocument, InvoiceSettlementLine } from '@shared/invoice-schemas';
import { formatAmount, formatDate } from '../../platform/format';
import { text, type Language } from '../../platform/messages';

/**
 * The printable A4 page of an invoice or credit note (`/invoices/:id`, docs/decisions/068-invoices.md):
 * plain HTML made by the worker, Arabic and English side by side, no script; printed with the
 * browser's own print (@page A4). Every word from the worker's catalogue in both languages.
 */
const escape = (value: string) =>
  value.replace(
    /[<>&"']/g,
    (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

/** A label in both languages: English then Arabic, each in its own direction. */
const both = (id: string, values?: Record<string, string | number>) =>
  `<span lang="en" dir="ltr">${escape(text('en', id, values))}</span>` +
  `<span lang="ar" dir="rtl">${escape(text('ar', id, values))}</span>`;
const one = (language: Language, id: string, values?: Record<string, string | number>) =>
  escape(text(language, id, values));
/** Amounts in one column, Latin digits; a correction's minus in front. */
const money = (baisa: number) => escape(`${baisa < 0 ? '-' : ''}${formatAmount(Math.abs(baisa), 'en')}`);

export const INVOICE_PAGE_STYLE = `
@page { size: A4; margin: 14mm 12mm; }
* { box-sizing: border-box; }
body { font-family: "Noto Naskh Arabic", "Segoe UI", Tahoma, Arial, sans-serif; color: black; margin: 0 auto;
  max-width: 186mm; font-size: 10.5pt; line-height: 1.4; padding: 8mm 0; }
h1 { font-size: 17pt; margin: 0; text-align: center; display: flex; flex-direction: column; gap: 2pt; }
header { display: grid; grid-template-columns: 1fr auto 1fr; gap: 6mm; align-items: start;
  border-bottom: 1.5pt solid black; padding-bottom: 4mm; margin-bottom: 4mm; }
header [dir="rtl"] { text-align: right; }
.party p, .meta p { margin: 0; }
.party strong { display: block; font-size: 11.5pt; }
.grid { display: grid; grid-template-columns: 1fr 1fr; gap: 6mm; margin-bottom: 4mm; }
.meta { border: 0.75pt solid gray; padding: 2mm 3mm; }
.pair { display: flex; justify-content: space-between; gap: 3mm; }
.pair > span:first-child { color: dimgray; }
.label { display: flex; justify-content: space-between; gap: 2mm; }
.label [lang="ar"] { text-align: right; }
table { width: 100%; border-collapse: collapse; margin-top: 2mm; }
thead { display: table-header-group; }
th, td { border: 0.75pt solid gray; padding: 1.5mm 2mm; vertical-align: top; }
th { background: rgb(238 238 238); font-weight: 600; font-size: 9pt; }
th span { display: block; }
td.n { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
tr { break-inside: avoid; }
.totals td:first-child { text-align: start; }
.totals .grand td { font-weight: 700; font-size: 12pt; border-top: 1.5pt solid black; }
.note { margin-top: 4mm; font-size: 9pt; color: dimgray; display: flex; justify-content: space-between; }
.note.rounding { gap: 6mm; }
.note.rounding span { flex: 1; }
.note.rounding [lang="ar"] { text-align: right; }
.pair bdi { white-space: nowrap; }
.scroll { overflow-x: auto; }
@media print { body { padding: 0; } }
@media screen and (max-width: 640px) {
  body { padding: 4mm 3mm; font-size: 10pt; }
  header, .grid { grid-template-columns: 1fr; gap: 3mm; }
  header h1 { order: -1; }
  th, td { padding: 1mm 1.5mm; }
}
`;

/** An identifier's digits as the column's language writes them (Arabic-Indic in the Arabic one). */
const digitsOf = (language: Language, value: string) =>
  language === 'ar' ? toArabicIndicDigits(value) : value;

function partyBlock(language: Language, p: InvoiceParty, supplier: boolean): string {
  const name = language === 'ar' ? p.nameAr || p.nameEn : p.nameEn || p.nameAr;
  const address = language === 'ar' ? p.addressAr || p.addressEn : p.addressEn || p.addressAr;
  return [
    `<div class="party" lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">`,
    `<strong>${escape(name)}</strong>`,
    address ? `<p>${escape(digitsOf(language, address))}</p>` : '',
    p.vatNumber
      ? `<p>${one(language, 'invoice.label.vat_number')}: <bdi>${escape(digitsOf(language, p.vatNumber))}</bdi></p>`
      : '',
    supplier && p.commercialRegistration
      ? `<p>${one(language, 'invoice.label.cr')}: <bdi>${escape(digitsOf(language, p.commercialRegistration))}</bdi></p>`
      : '',
    '</div>',
  ].join('');
}

/** The customer: once when it reads the same in both languages (a guest's name), else side by side. */
function customerBlock(p: InvoiceParty): string {
  if (p.nameAr === p.nameEn && p.addressAr === p.addressEn) {
    const rtl = /[\u0600-\u06ff]/.test(p.nameEn);
    return partyBlock(rtl ? 'ar' : 'en', p, false);
  }
  return `<div class="grid">${partyBlock('en', p, false)}${partyBlock('ar', p, false)}</div>`;
}

/**
 * A line's name in both languages: a room night names the room type and the night (each language
 * with its own digits, through the one date formatter); any other line its department.
 */
function lineName(l: InvoiceLine): string {
  const named = (language: Language) => {
    const department = text(language, `invoice.department.${l.department}`);
    // The document's rounding of the taxes of this department's lines (decision 068, "One truth").
    if (l.rounding) return text(language, 'invoice.line.rounding', { department });
    if (l.department !== 'room' || (!l.night && !l.roomNameEn)) return department;
    const room = (language === 'ar' ? l.roomNameAr : l.roomNameEn) ?? department;
    return l.night
      ? text(language, 'invoice.line.room_night', { room, night: formatDate(l.night, language) })
      : room;
  };
  return `<span lang="en" dir="ltr">${escape(named('en'))}</span> · <span lang="ar" dir="rtl">${escape(named('ar'))}</span>`;
}

/** A payment, refund or move on the invoice, in both languages (its date through the formatter). */
function settlementLabel(l: InvoiceSettlementLine, language: Language): string {
  const method = l.method ? text(language, `invoice.method.${l.method}`) : '';
  const label = text(language, `invoice.settlement.${l.kind}`, {
    method,
    date: formatDate(l.businessDate, language),
  });
  // A card's approval code as on the terminal's slip, isolated left to right, in the column's digits.
  if (!l.approvalCode) return label;
  const code = `\u2066${language === 'ar' ? toArabicIndicDigits(l.approvalCode) : l.approvalCode}\u2069`;
  return `${label}${text(language, 'invoice.settlement.approval_code', { code })}`;
}

/** The rows after the total: what was paid up to the issue, and the balance then. */
function settlementRows(doc: InvoiceDocument): string {
  const settlement = doc.settlement;
  if (!settlement) return '';
  const row = (label: string, baisa: number, grand = false) =>
    `<tr${grand ? ' class="grand"' : ''}><td colspan="5">${label}</td><td class="n">${money(baisa)}</td></tr>`;
  const label = (en: string, ar: string) =>
    `<div class="label"><span lang="en" dir="ltr">${escape(en)}</span><span lang="ar" dir="rtl">${escape(ar)}</span></div>`;
  const lines = settlement.lines.map((l) =>
    row(
      label(settlementLabel(l, 'en'), settlementLabel(l, 'ar')),
      l.kind === 'refund' ? l.amountBaisa : -l.amountBaisa,
    ),
  );
  const balance = settlement.balanceBaisa;
  const balanceId = balance < 0 ? 'invoice.label.balance_in_credit' : 'invoice.label.balance_due';
  return [
    `<tr><td colspan="6"><div class="label">${both('invoice.label.payments')}</div></td></tr>`,
    ...lines,
    row(`<div class="label">${both(balanceId)}</div>`, Math.abs(balance), true),
  ].join('\n');
}

const pair = (label: string, value: string) =>
  `<div class="pair"><span class="label">${label}</span><bdi>${value}</bdi></div>`;

/**
 * An outlet's document (a check paid at the outlet, decision 090): which outlet and check it is, in
 * place of the booking, and no customer (a walk-in's) when none is named.
 */
export type OutletOfDocument = { nameAr: string; nameEn: string; checkNumber: string };

/** The outlet's name in both languages, each in its own direction. */
const outletName = (o: OutletOfDocument) =>
  `<span lang="en" dir="ltr">${escape(o.nameEn)}</span> · <span lang="ar" dir="rtl">${escape(o.nameAr)}</span>`;

/** The page's HTML (`outlet`: an outlet's document, decision 090). */
export function invoicePageHtml(doc: InvoiceDocument, outlet?: OutletOfDocument): string {
  const title = doc.kind === 'credit_note' ? 'invoice.title.credit_note' : 'invoice.title.invoice';
  const lines = doc.lines
    .map((l) => {
      const department = lineName(l);
      const taxes = l.taxes.reduce((a, t) => a + t.amountBaisa, 0);
      return `<tr><td class="n">${escape(l.businessDate)}</td><td>${department}${
        l.description ? `<br><bdi>${escape(l.description)}</bdi>` : ''
      }</td><td class="n">${l.quantity}</td><td class="n">${money(l.netBaisa)}</td><td class="n">${money(
        taxes,
      )}</td><td class="n">${money(l.amountBaisa)}</td></tr>`;
    })
    .join('');
  const taxRows = doc.taxTotals
    .map((t) => {
      const en = text('en', 'invoice.label.tax_total', {
        name: t.nameEn,
        rate: t.rateBp / 100,
        base: formatAmount(t.baseBaisa, 'en'),
      });
      const ar = text('ar', 'invoice.label.tax_total', {
        name: t.nameAr,
        rate: t.rateBp / 100,
        base: formatAmount(t.baseBaisa, 'ar'),
      });
      return `<tr><td colspan="5"><div class="label"><span lang="en" dir="ltr">${escape(en)}</span><span lang="ar" dir="rtl">${escape(
        ar,
      )}</span></div></td><td class="n">${money(t.amountBaisa)}</td></tr>`;
    })
    .join('');
  return `<!doctype html>
<html lang="ar" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(doc.number)} · ${escape(text('en', title))} · ${escape(text('ar', title))}</title>
<style>${INVOICE_PAGE_STYLE}</style>
</head>
<body>
<header>
${partyBlock('en', doc.supplier, true)}
<h1>${both(title)}</h1>
${partyBlock('ar', doc.supplier, true)}
</header>
<div class="grid">
${
  doc.customer.nameEn || doc.customer.nameAr
    ? `<section class="meta" aria-label="${escape(text('en', 'invoice.label.customer'))}">
<div class="label">${both('invoice.label.customer')}</div>
${customerBlock(doc.customer)}
</section>`
    : `<section class="meta">${pair(both('invoice.label.outlet'), outlet ? outletName(outlet) : '')}</section>`
}
<section class="meta">
${pair(both('invoice.label.number'), escape(doc.number))}
${pair(both('invoice.label.date'), escape(doc.issueDate))}
${
  outlet
    ? pair(both('invoice.label.check'), escape(outlet.checkNumber))
    : doc.groupId != null
      ? pair(both('invoice.label.group'), escape(doc.groupName ?? ''))
      : pair(both('invoice.label.booking'), escape(formatBookingReference(doc.bookingReference)))
}
${doc.creditsInvoice ? pair(both('invoice.label.credits'), escape(doc.creditsInvoice.number)) : ''}
${doc.creditNote ? pair(both('invoice.label.credited_by'), escape(doc.creditNote.number)) : ''}
${doc.reason ? pair(both('invoice.label.reason'), escape(doc.reason)) : ''}
</section>
</div>
<div class="scroll">
<table>
<thead><tr>
<th>${both('invoice.label.date_of_line')}</th>
<th>${both('invoice.label.description')}</th>
<th>${both('invoice.label.quantity')}</th>
<th>${both('invoice.label.net')}</th>
<th>${both('invoice.label.taxes')}</th>
<th>${both('invoice.label.amount')}</th>
</tr></thead>
<tbody>${lines}</tbody>
<tbody class="totals">
<tr><td colspan="5"><div class="label">${both('invoice.label.net_total')}</div></td><td class="n">${money(doc.netBaisa)}</td></tr>
${taxRows}
${doc.roundingBaisa ? `<tr><td colspan="5"><div class="label">${both('invoice.label.rounding')}</div></td><td class="n">${money(doc.roundingBaisa)}</td></tr>` : ''}
<tr class="grand"><td colspan="5"><div class="label">${both('invoice.label.total')}</div></td><td class="n">${money(doc.totalBaisa)}</td></tr>
</tbody>
${doc.settlement ? `<tbody class="totals settlement">${settlementRows(doc)}</tbody>` : ''}
</table>
</div>
${doc.lines.some((l) => l.rounding) ? `<p class="note rounding">${both('invoice.note.rounding')}</p>` : ''}
<p class="note">${both('invoice.label.currency')}</p>
</body>
</html>`;
}
