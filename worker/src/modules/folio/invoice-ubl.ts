import { omrDecimal } from '@shared/money';
import { TAX_CODES } from '@shared/taxes';
import type { InvoiceParty } from '@shared/folio';
import type { InvoiceDocument } from '@shared/invoice-schemas';
import { text } from '../../platform/messages';

/**
 * A document as UBL 2.1 XML for Oman's e-invoicing (Peppol PINT, customization
 * `urn:peppol:pint:billing-1@om-1`): an Invoice of type 380, or a CreditNote of type 381 pointing
 * at its invoice, in OMR, so an accredited service provider can pass it on. Amounts are the
 * document's as issued (integer baisa, written with three decimals). VAT is the document's tax
 * total; the other taxes (the tourism levy, a municipality fee) are charges on the document, VAT
 * charged on them as the hotel's settings say, so that the VAT's taxable amounts add up to the
 * amount before VAT as the EN 16931 rules ask. Each tax is the document's, computed once on its
 * base (BR-CO-17); a total no whole-baisa net reaches is met by the payable rounding amount.
 */
export const UBL_CUSTOMIZATION_ID = 'urn:peppol:pint:billing-1@om-1';
export const UBL_PROFILE_ID = 'urn:peppol:bis:billing';
const CURRENCY = 'OMR';

const escape = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[ch]!,
  );
/** A percentage from basis points (500 -> 5, 425 -> 4.25). */
const percent = (bp: number) => String(bp / 100);

const el = (name: string, value: string | number, attrs = '') =>
  `<${name}${attrs}>${escape(String(value))}</${name}>`;
const amount = (name: string, baisa: number) => el(name, omrDecimal(baisa), ` currencyID="${CURRENCY}"`);

const taxCategory = (tag: string, rateBp: number) =>
  `<cac:${tag}>${el('cbc:ID', rateBp > 0 ? 'S' : 'O')}${rateBp > 0 ? el('cbc:Percent', percent(rateBp)) : ''}` +
  `${rateBp > 0 ? '' : el('cbc:TaxExemptionReason', 'Not subject to VAT')}` +
  `<cac:TaxScheme>${el('cbc:ID', 'VAT')}</cac:TaxScheme></cac:${tag}>`;

function party(p: InvoiceParty, supplier: boolean): string {
  const name = p.nameEn || p.nameAr;
  const address = p.addressEn || p.addressAr;
  return [
    '<cac:Party>',
    `<cac:PartyName>${el('cbc:Name', name)}</cac:PartyName>`,
    '<cac:PostalAddress>',
    address ? el('cbc:StreetName', address) : '',
    `<cac:Country>${el('cbc:IdentificationCode', 'OM')}</cac:Country>`,
    '</cac:PostalAddress>',
    p.vatNumber
      ? `<cac:PartyTaxScheme>${el('cbc:CompanyID', p.vatNumber)}<cac:TaxScheme>${el('cbc:ID', 'VAT')}</cac:TaxScheme></cac:PartyTaxScheme>`
      : '',
    '<cac:PartyLegalEntity>',
    el('cbc:RegistrationName', name),
    supplier && p.commercialRegistration ? el('cbc:CompanyID', p.commercialRegistration) : '',
    '</cac:PartyLegalEntity>',
    '</cac:Party>',
  ].join('');
}

/**
 * A line's VAT rate: of the document's VAT rates, the one its VAT was computed at (its VAT over
 * its amount before VAT, to the nearest rate: rounding moves it by less than a baisa); 0 without VAT.
 */
function lineVatRate(line: InvoiceDocument['lines'][number], rates: number[]): number {
  const tax = line.taxes.find((t) => t.code === TAX_CODES.vat);
  if (!tax || rates.length === 0) return 0;
  // A rounding line keeps the rate of the lines it rounds (its amount is 0: no ratio to read).
  if (line.rounding) return tax.rateBp ?? Math.max(...rates);
  const base = line.amountBaisa - tax.amountBaisa;
  const ratio = base === 0 ? 0 : (tax.amountBaisa * 10_000) / base;
  return rates.reduce((best, r) => (Math.abs(r - ratio) < Math.abs(best - ratio) ? r : best), rates[0]!);
}

/** The UBL XML of an invoice or credit note. */
export function invoiceUbl(doc: InvoiceDocument): string {
  const credit = doc.kind === 'credit_note';
  const root = credit ? 'CreditNote' : 'Invoice';
  const vat = doc.taxTotals.filter((t) => t.code === TAX_CODES.vat);
  const others = doc.taxTotals.filter((t) => t.code !== TAX_CODES.vat);
  const lineNet = doc.lines.reduce((a, l) => a + l.netBaisa, 0);
  const charges = others.reduce((a, t) => a + t.amountBaisa, 0);
  const taxExclusive = lineNet + charges;
  const vatTotal = vat.reduce((a, t) => a + t.amountBaisa, 0);
  // Each tax was computed once on the document's base (BR-CO-17: TaxAmount = round(TaxableAmount
  // × rate)); a document issued before that may carry its lines' rounding instead.
  const rounding = doc.totalBaisa - (taxExclusive + vatTotal);
  // The VAT rate of the document's charges (the other taxes): the standard rate when VAT is on them.
  const vatOnCharges = vat.length > 0 ? Math.max(...vat.map((t) => t.rateBp)) : 0;
  // What VAT was not computed on (a department VAT does not cover) is a subtotal not subject to it.
  const notSubject = taxExclusive - vat.reduce((a, t) => a + t.baseBaisa, 0);
  const subtotals = [
    ...vat.map((t) => ({ base: t.baseBaisa, amount: t.amountBaisa, rateBp: t.rateBp })),
    ...(notSubject !== 0 ? [{ base: notSubject, amount: 0, rateBp: 0 }] : []),
  ];
  const lines = doc.lines.map((line, i) => {
    const rate = lineVatRate(
      line,
      vat.map((t) => t.rateBp),
    );
    // The document's rounding (decision 068, "One truth"): a line of its net, never a negative
    // price (BR-27): a negative net is one unit less at its positive price.
    const quantity = line.rounding && line.netBaisa < 0 ? -1 : line.quantity;
    const name = line.rounding
      ? text('en', 'invoice.line.rounding', {
          department: text('en', `invoice.department.${line.department}`),
        })
      : line.description || line.department;
    return [
      `<cac:${root}Line>`,
      el('cbc:ID', i + 1),
      el(credit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity', quantity, ' unitCode="C62"'),
      amount('cbc:LineExtensionAmount', line.netBaisa),
      '<cac:Item>',
      el('cbc:Name', name),
      `<cac:SellersItemIdentification>${el('cbc:ID', line.department)}</cac:SellersItemIdentification>`,
      taxCategory('ClassifiedTaxCategory', rate),
      '</cac:Item>',
      // The price of the line's whole quantity: exact, whatever the quantity.
      `<cac:Price>${amount('cbc:PriceAmount', quantity < 0 ? -line.netBaisa : line.netBaisa)}${el('cbc:BaseQuantity', Math.abs(quantity), ' unitCode="C62"')}</cac:Price>`,
      `</cac:${root}Line>`,
    ].join('');
  });
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<${root} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${root}-2"`,
    ' xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"',
    ' xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">',
    el('cbc:CustomizationID', UBL_CUSTOMIZATION_ID),
    el('cbc:ProfileID', UBL_PROFILE_ID),
    el('cbc:ID', doc.number),
    el('cbc:IssueDate', doc.issueDate),
    el(credit ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode', credit ? '381' : '380'),
    doc.reason ? el('cbc:Note', doc.reason) : '',
    el('cbc:DocumentCurrencyCode', CURRENCY),
    el('cbc:BuyerReference', doc.bookingReference),
    doc.creditsInvoice
      ? `<cac:BillingReference><cac:InvoiceDocumentReference>${el('cbc:ID', doc.creditsInvoice.number)}</cac:InvoiceDocumentReference></cac:BillingReference>`
      : '',
    `<cac:AccountingSupplierParty>${party(doc.supplier, true)}</cac:AccountingSupplierParty>`,
    `<cac:AccountingCustomerParty>${party(doc.customer, false)}</cac:AccountingCustomerParty>`,
    ...others.map(
      (t) =>
        `<cac:AllowanceCharge>${el('cbc:ChargeIndicator', 'true')}` +
        `${el('cbc:AllowanceChargeReason', t.nameEn)}${el('cbc:MultiplierFactorNumeric', percent(t.rateBp))}` +
        `${amount('cbc:Amount', t.amountBaisa)}${amount('cbc:BaseAmount', t.baseBaisa)}` +
        `${taxCategory('TaxCategory', vatOnCharges)}</cac:AllowanceCharge>`,
    ),
    '<cac:TaxTotal>',
    amount('cbc:TaxAmount', vatTotal),
    ...subtotals.map(
      (s) =>
        `<cac:TaxSubtotal>${amount('cbc:TaxableAmount', s.base)}${amount('cbc:TaxAmount', s.amount)}` +
        `${taxCategory('TaxCategory', s.rateBp)}</cac:TaxSubtotal>`,
    ),
    '</cac:TaxTotal>',
    '<cac:LegalMonetaryTotal>',
    amount('cbc:LineExtensionAmount', lineNet),
    amount('cbc:TaxExclusiveAmount', taxExclusive),
    amount('cbc:TaxInclusiveAmount', taxExclusive + vatTotal),
    amount('cbc:ChargeTotalAmount', charges),
    // The baisa no whole-baisa net reaches (BT-114): payable = tax inclusive + rounding.
    rounding !== 0 ? amount('cbc:PayableRoundingAmount', rounding) : '',
    amount('cbc:PayableAmount', doc.totalBaisa),
    '</cac:LegalMonetaryTotal>',
    ...lines,
    `</${root}>`,
  ];
  return body.join('\n');
}
