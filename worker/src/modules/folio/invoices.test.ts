import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { formatBookingReference } from '@shared/booking-reference';
import { addDays, hotelToday } from '@shared/dates';
import { OMAN_DEFAULT_TAXES, splitLine, taxesInForce, type FolioDepartment } from '@shared/taxes';
import { deliverEmails } from '../messaging/email-delivery';
import type { Env } from '../../platform/env';
import { call, uniqueEmail } from '@worker-test/helpers';
import {
  arrivingToday,
  book,
  grantCookie,
  guest,
  json,
  setBookingStatus,
  settleFolio,
  staffAccount,
  staffCookie,
  stayInRoom,
} from '@worker-test/builders';

/**
 * Tax invoices and credit notes (docs/decisions/068-invoices.md): numbers without gaps under
 * concurrency, nothing to invoice, documents that never change, a credit note that corrects the
 * folio in its batch, the guest's access to their own only, and UBL whose totals are the JSON's.
 */
type Doc = {
  id: number;
  kind: string;
  number: string;
  issueDate: string;
  bookingId: number;
  creditsInvoice: { id: number; number: string } | null;
  creditNote: { id: number; number: string } | null;
  customer: { nameEn: string; vatNumber: string };
  supplier: { nameEn: string; addressAr: string };
  lines: {
    folioLineId: number;
    amountBaisa: number;
    netBaisa: number;
    taxes: { code: string; amountBaisa: number }[];
  }[];
  taxTotals: { code: string; rateBp: number; baseBaisa: number; amountBaisa: number }[];
  netBaisa: number;
  taxBaisa: number;
  totalBaisa: number;
};

/** A charge on the folio, split as the folio splits it (Oman's default taxes), written in SQL. */
async function charge(bookingId: number, department: FolioDepartment, amountBaisa: number, description = '') {
  const date = hotelToday();
  const split = splitLine(amountBaisa, taxesInForce(OMAN_DEFAULT_TAXES, department, date));
  const row = await env.DB.prepare(
    `insert into folio_lines (booking_id, kind, department, description, amount_baisa, net_baisa, taxes, business_date)
     values (?, 'charge', ?, ?, ?, ?, ?, ?) returning id`,
  )
    .bind(bookingId, department, description, amountBaisa, split.netBaisa, JSON.stringify(split.taxes), date)
    .first<{ id: number }>();
  return row!.id;
}

const issue = async (bookingId: number, body: unknown = {}, cookie?: string) =>
  call(`/api/booking-submissions/${bookingId}/invoices`, {
    method: 'POST',
    json: body,
    cookie: cookie ?? (await staffCookie()),
  });

const creditNote = async (invoiceId: number, body: unknown, cookie: string) =>
  call(`/api/admin/invoices/${invoiceId}/credit-notes`, { method: 'POST', json: body, cookie });

/** An XML document as a tree (saxes: a strict parser; a document that is not well-formed throws). */
type Node = { name: string; attributes: Record<string, string>; text: string; children: Node[] };
function parseXml(xml: string): Node {
  const parser = new SaxesParser({ xmlns: false });
  const root: Node = { name: '#document', attributes: {}, text: '', children: [] };
  const stack = [root];
  parser.on('opentag', (tag) => {
    const node: Node = {
      name: tag.name,
      attributes: tag.attributes as Record<string, string>,
      text: '',
      children: [],
    };
    stack.at(-1)!.children.push(node);
    stack.push(node);
  });
  parser.on('text', (t) => void (stack.at(-1)!.text += t));
  parser.on('closetag', () => void stack.pop());
  parser.on('error', (e) => {
    throw e;
  });
  parser.write(xml).close();
  return root.children[0]!;
}
const child = (node: Node, name: string) => node.children.find((c) => c.name === name)!;
const children = (node: Node, name: string) => node.children.filter((c) => c.name === name);
const baisa = (node: Node) => {
  expect(node.attributes.currencyID).toBe('OMR');
  expect(node.text).toMatch(/^-?\d+\.\d{3}$/);
  return Math.round(Number(node.text) * 1000);
};

describe('tax invoices', () => {
  it('a staff member issues one for the folio’s charges not yet invoiced; then there is nothing to invoice', async () => {
    // The supplier's legal details not set yet (the demo seed sets them).
    await env.DB.prepare(
      `update tax_settings set supplier_name_ar = '', supplier_name_en = '', supplier_address_ar = '', supplier_address_en = '', vat_number = '' where id = 1`,
    ).run();
    const booking = await book({ fullName: 'Salim Al Harthy' });
    const room = await charge(booking.id, 'room', 12_600);
    const laundry = await charge(booking.id, 'laundry', 3_000, 'Shirts');
    const res = await issue(booking.id, {}, await staffCookie());
    expect(res.status, await res.clone().text()).toBe(201);
    const { invoice, message } = await json<{ invoice: Doc; message: string }>(res);
    expect(invoice.number).toMatch(new RegExp(`^INV-${hotelToday().slice(0, 4)}-\\d{6}$`));
    expect(message).toContain(invoice.number);
    expect(invoice.customer.nameEn).toBe('Salim Al Harthy');
    // The supplier's legal name not set yet: the hotel's public name and address stand in.
    const site = await env.DB.prepare(`select site_name, address_ar from site_settings where id = 1`).first<{
      site_name: string;
      address_ar: string;
    }>();
    expect(invoice.supplier).toMatchObject({ nameEn: site!.site_name, addressAr: site!.address_ar });
    expect(invoice.lines.map((l) => l.folioLineId)).toEqual([room, laundry]);
    expect(invoice.totalBaisa).toBe(15_600);
    expect(invoice.netBaisa + invoice.taxBaisa).toBe(15_600);
    // 12.600 room night = 11.538 + levy 0.462 + VAT 0.600; laundry 3.000 = 2.857 + VAT 0.143.
    expect(invoice.taxTotals).toEqual([
      expect.objectContaining({ code: 'tourism_levy', rateBp: 400, baseBaisa: 11_538, amountBaisa: 462 }),
      expect.objectContaining({
        code: 'vat',
        rateBp: 500,
        baseBaisa: 11_538 + 462 + 2_857,
        amountBaisa: 743,
      }),
    ]);
    expect(invoice.taxTotals.reduce((a, t) => a + t.amountBaisa, 0)).toBe(invoice.taxBaisa);

    const again = await issue(booking.id);
    expect(again.status).toBe(409);
    expect((await json<{ error: { code: string } }>(again)).error.code).toBe('nothing_to_invoice');
    // A charge posted later goes on the next invoice, alone.
    const minibar = await charge(booking.id, 'minibar', 1_500);
    const next = (await json<{ invoice: Doc }>(await issue(booking.id))).invoice;
    expect(next.lines.map((l) => l.folioLineId)).toEqual([minibar]);
    const audit = await env.DB.prepare(
      `select entity_id, after from audit_log where action = 'invoice.issued' and entity_id = ?`,
    )
      .bind(String(next.id))
      .first<{ after: string }>();
    expect(JSON.parse(audit!.after)).toMatchObject({
      invoiceNumber: next.number,
      invoicedBookingId: booking.id,
    });
  });

  it('an empty folio has nothing to invoice, a guest may not issue, and a company is named with its VAT number', async () => {
    const booking = await book();
    const empty = await issue(booking.id);
    expect(empty.status).toBe(409);
    expect((await json<{ error: { code: string } }>(empty)).error.code).toBe('nothing_to_invoice');
    await charge(booking.id, 'restaurant', 8_000);
    const { cookie } = await guest();
    expect((await issue(booking.id, {}, cookie)).status).toBe(403);
    const bad = await issue(booking.id, { customer: { name: 'Omantel', vatNumber: 'OM12' } });
    expect(bad.status).toBe(400);
    const res = await issue(booking.id, {
      customer: { name: 'Oman Oil Company', vatNumber: 'om ١١٠٠٠٠٠٠٠١', address: 'Muscat' },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { invoice } = await json<{ invoice: Doc }>(res);
    expect(invoice.customer).toMatchObject({ nameEn: 'Oman Oil Company', vatNumber: 'OM1100000001' });
  });

  it('twenty issued at once on twenty folios take twenty consecutive numbers', async () => {
    const bookings = [];
    for (let i = 0; i < 20; i++) {
      const b = await book();
      await charge(b.id, 'room', 10_000 + i);
      bookings.push(b);
    }
    const cookie = await staffCookie();
    const answers = await Promise.all(bookings.map((b) => issue(b.id, {}, cookie)));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(201));
    const numbers = (await Promise.all(answers.map((r) => json<{ invoice: Doc }>(r)))).map(
      (a) => a.invoice.number,
    );
    const sequences = numbers.map((n) => Number(n.slice(-6))).sort((a, b) => a - b);
    expect(new Set(sequences).size).toBe(20);
    expect(sequences.at(-1)! - sequences[0]!).toBe(19);
    const counter = await env.DB.prepare(
      `select last_number from document_counters where series = 'INV' and year = ?`,
    )
      .bind(Number(hotelToday().slice(0, 4)))
      .first<{ last_number: number }>();
    expect(counter!.last_number).toBe(sequences.at(-1));
  });

  it('issued at once on one folio, its lines go on one invoice and no number is lost', async () => {
    const booking = await book();
    await charge(booking.id, 'room', 12_600);
    await charge(booking.id, 'spa', 25_000);
    const cookie = await staffCookie();
    const before = await env.DB.prepare(
      `select coalesce(max(sequence), 0) as n from invoices where kind = 'invoice'`,
    ).first<{ n: number }>();
    const answers = await Promise.all(Array.from({ length: 5 }, () => issue(booking.id, {}, cookie)));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const lines = await env.DB.prepare(
      `select count(*) as n, count(distinct invoice_id) as invoices from invoice_lines il
       join folio_lines f on f.id = il.folio_line_id where f.booking_id = ?`,
    )
      .bind(booking.id)
      .first<{ n: number; invoices: number }>();
    expect(lines).toEqual({ n: 2, invoices: 1 });
    const after = await env.DB.prepare(
      `select max(sequence) as n from invoices where kind = 'invoice'`,
    ).first<{ n: number }>();
    expect(after!.n).toBe(before!.n + 1);
  });

  it('never change: the database refuses an update or a delete of an invoice or its lines', async () => {
    const booking = await book();
    await charge(booking.id, 'room', 12_600);
    const { invoice } = await json<{ invoice: Doc }>(await issue(booking.id));
    await expect(
      env.DB.prepare(`update invoices set total_baisa = 1, net_baisa = 1, tax_baisa = 0 where id = ?`)
        .bind(invoice.id)
        .run(),
    ).rejects.toThrow(/invoice_immutable/);
    await expect(
      env.DB.prepare(`delete from invoice_lines where invoice_id = ?`).bind(invoice.id).run(),
    ).rejects.toThrow(/invoice_immutable/);
  });
});

describe('credit notes', () => {
  it('a manager credits an invoice in full with a reason: the charges corrected in the same batch, once', async () => {
    const booking = await book();
    const room = await charge(booking.id, 'room', 12_600);
    await charge(booking.id, 'breakfast', 4_000);
    const { invoice } = await json<{ invoice: Doc }>(await issue(booking.id));
    const manager = (await staffAccount({ role: 'manager' })).cookie;
    expect((await creditNote(invoice.id, { reason: 'Wrong guest' }, await staffCookie())).status).toBe(403);
    const noReason = await creditNote(invoice.id, { reason: ' ' }, manager);
    expect(noReason.status).toBe(400);
    const res = await creditNote(invoice.id, { reason: 'Billed to the wrong guest' }, manager);
    expect(res.status, await res.clone().text()).toBe(201);
    const note = (await json<{ creditNote: Doc }>(res)).creditNote;
    expect(note.kind).toBe('credit_note');
    expect(note.number).toMatch(/^CN-\d{4}-\d{6}$/);
    expect(note.creditsInvoice).toEqual({ id: invoice.id, number: invoice.number });
    expect([note.netBaisa, note.taxBaisa, note.totalBaisa]).toEqual([
      invoice.netBaisa,
      invoice.taxBaisa,
      invoice.totalBaisa,
    ]);
    // The folio: each charge has its correction, tied to the credit note; the balance back to 0.
    const corrections = await env.DB.prepare(
      `select c.corrects_line_id, c.amount_baisa, c.reason, il.invoice_id from folio_lines c
       join invoice_lines il on il.folio_line_id = c.id where c.booking_id = ? and c.kind = 'correction' order by c.id`,
    )
      .bind(booking.id)
      .all<{ corrects_line_id: number; amount_baisa: number; reason: string; invoice_id: number }>();
    expect(corrections.results).toHaveLength(2);
    expect(corrections.results[0]).toEqual({
      corrects_line_id: room,
      amount_baisa: -12_600,
      reason: 'Billed to the wrong guest',
      invoice_id: note.id,
    });
    const balance = await env.DB.prepare(
      `select folio_balance_baisa as b from booking_submissions where id = ?`,
    )
      .bind(booking.id)
      .first<{ b: number }>();
    expect(balance!.b).toBe(0);
    // The invoice now names its credit note; a second one is refused; a credit note is not credited.
    const read = await json<Doc>(await call(`/api/invoices/${invoice.id}`, { cookie: await staffCookie() }));
    expect(read.creditNote).toEqual({ id: note.id, number: note.number });
    const twice = await creditNote(invoice.id, { reason: 'Again' }, manager);
    expect(twice.status).toBe(409);
    expect((await json<{ error: { code: string } }>(twice)).error.code).toBe('already_credited');
    expect((await creditNote(note.id, { reason: 'x' }, manager)).status).toBe(404);
    // The folio's lines are all on documents now: nothing more to invoice.
    expect((await issue(booking.id)).status).toBe(409);
  });
});

describe('reading a document', () => {
  it('the booking’s own guest reads it (JSON, UBL, the A4 page); another guest and the signed-out get 404', async () => {
    const booking = await book();
    const other = await book();
    await charge(booking.id, 'room', 12_600);
    const { invoice } = await json<{ invoice: Doc }>(await issue(booking.id));
    const own = await grantCookie(booking);
    const stranger = await grantCookie(other);
    expect((await call(`/api/invoices/${invoice.id}`, { cookie: own })).status).toBe(200);
    for (const path of [
      `/api/invoices/${invoice.id}`,
      `/api/invoices/${invoice.id}/ubl`,
      `/invoices/${invoice.id}`,
    ]) {
      expect((await call(path, { cookie: stranger })).status, path).toBe(404);
      expect((await call(path)).status, path).toBe(404);
    }
    expect((await call(`/api/invoices/999999`, { cookie: await staffCookie() })).status).toBe(404);

    const page = await call(`/invoices/${invoice.id}`, { cookie: own });
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const words of ['Tax Invoice', 'فاتورة ضريبية', invoice.number, '12.600', '@page { size: A4'])
      expect(html).toContain(words);
    // Its one inline style is allowed by its hash, nothing else is.
    expect(page.headers.get('content-security-policy')).toMatch(/style-src 'self' 'sha256-[^']+'/);
  });

  it('UBL 2.1: well-formed, the customization and type Oman asks for, totals equal to the JSON', async () => {
    const booking = await book();
    await charge(booking.id, 'room', 12_600);
    await charge(booking.id, 'restaurant', 7_350, 'Dinner <for two> & dessert');
    await charge(booking.id, 'laundry', 3_000);
    const { invoice } = await json<{ invoice: Doc }>(await issue(booking.id));
    const manager = (await staffAccount({ role: 'manager' })).cookie;
    const note = (
      await json<{ creditNote: Doc }>(await creditNote(invoice.id, { reason: 'Rate & room' }, manager))
    ).creditNote;
    for (const doc of [invoice, note]) {
      const res = await call(`/api/invoices/${doc.id}/ubl`, { cookie: await staffCookie() });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/xml');
      const root = parseXml(await res.text());
      const credit = doc.kind === 'credit_note';
      expect(root.name).toBe(credit ? 'CreditNote' : 'Invoice');
      expect(root.attributes.xmlns).toBe(`urn:oasis:names:specification:ubl:schema:xsd:${root.name}-2`);
      expect(child(root, 'cbc:CustomizationID').text).toBe('urn:peppol:pint:billing-1@om-1');
      expect(child(root, 'cbc:ID').text).toBe(doc.number);
      expect(child(root, 'cbc:IssueDate').text).toBe(doc.issueDate);
      expect(child(root, credit ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode').text).toBe(
        credit ? '381' : '380',
      );
      expect(child(root, 'cbc:DocumentCurrencyCode').text).toBe('OMR');
      if (credit)
        expect(
          child(child(child(root, 'cac:BillingReference'), 'cac:InvoiceDocumentReference'), 'cbc:ID').text,
        ).toBe(invoice.number);
      const totals = child(root, 'cac:LegalMonetaryTotal');
      const vat = doc.taxTotals.find((t) => t.code === 'vat')!;
      const levy = doc.taxTotals.find((t) => t.code === 'tourism_levy')!;
      expect(baisa(child(totals, 'cbc:LineExtensionAmount'))).toBe(doc.netBaisa);
      expect(baisa(child(totals, 'cbc:ChargeTotalAmount'))).toBe(levy.amountBaisa);
      expect(baisa(child(totals, 'cbc:TaxExclusiveAmount'))).toBe(doc.netBaisa + levy.amountBaisa);
      expect(baisa(child(totals, 'cbc:TaxInclusiveAmount'))).toBe(doc.totalBaisa);
      expect(baisa(child(totals, 'cbc:PayableAmount'))).toBe(doc.totalBaisa);
      const taxTotal = child(root, 'cac:TaxTotal');
      expect(baisa(child(taxTotal, 'cbc:TaxAmount'))).toBe(vat.amountBaisa);
      const [subtotal] = children(taxTotal, 'cac:TaxSubtotal');
      expect(baisa(child(subtotal!, 'cbc:TaxableAmount'))).toBe(vat.baseBaisa);
      expect(child(child(subtotal!, 'cac:TaxCategory'), 'cbc:Percent').text).toBe('5');
      const charges = children(root, 'cac:AllowanceCharge');
      expect(charges.map((c) => baisa(child(c, 'cbc:Amount')))).toEqual([levy.amountBaisa]);
      const lines = children(root, credit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine');
      expect(lines.map((l) => baisa(child(l, 'cbc:LineExtensionAmount')))).toEqual(
        doc.lines.map((l) => l.netBaisa),
      );
      expect(child(child(lines[1]!, 'cac:Item'), 'cbc:Name').text).toBe('Dinner <for two> & dessert');
    }
  });
});

describe('the staff’s invoices list', () => {
  it('finds a document by its number or its guest, a page at a time, and exports CSV', async () => {
    const booking = await book({ fullName: 'Maryam Al Zadjali' });
    await charge(booking.id, 'room', 12_600);
    const { invoice } = await json<{ invoice: Doc }>(await issue(booking.id));
    const cookie = await staffCookie();
    type Page = {
      invoices: { id: number; number: string; customerName: string }[];
      nextCursor: string | null;
    };
    const bySequence = await json<Page>(
      await call(`/api/admin/invoices?number=${Number(invoice.number.slice(-6))}`, { cookie }),
    );
    expect(bySequence.invoices.map((i) => i.number)).toContain(invoice.number);
    const byGuest = await json<Page>(await call(`/api/admin/invoices?guest=Zadjali`, { cookie }));
    expect(byGuest.invoices.map((i) => i.id)).toEqual([invoice.id]);
    const first = await json<Page>(await call(`/api/admin/invoices?limit=2`, { cookie }));
    expect(first.invoices).toHaveLength(2);
    const second = await json<Page>(
      await call(`/api/admin/invoices?limit=2&cursor=${first.nextCursor}`, { cookie }),
    );
    expect(second.invoices.map((i) => i.id)).not.toContain(first.invoices[0]!.id);
    const { cookie: guestCookie } = await guest();
    expect((await call(`/api/admin/invoices`, { cookie: guestCookie })).status).toBe(403);
    const csv = await call(`/api/admin/invoices.csv?number=${invoice.number}`, { cookie });
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text).toContain(
      `${invoice.number},invoice,${invoice.issueDate},${formatBookingReference(booking.reference)},Maryam Al Zadjali,,11.538,1.062,12.600`,
    );
  });
});

describe('the check-out e-mail', () => {
  it('links the stay’s tax invoice; its signed link opens the page on any device and grants the booking', async () => {
    const email = uniqueEmail('invoice');
    // A stay arriving today: a stay is completed from its arrival day.
    const booking = await book({ email }, { lang: 'en', stay: arrivingToday });
    await setBookingStatus(booking.id, 'approved');
    await charge(booking.id, 'room', 12_600);
    const { invoice } = await json<{ invoice: Doc }>(await issue(booking.id));
    // Paid, so the stay may end.
    await env.DB.prepare(
      `insert into folio_lines (booking_id, kind, method, amount_baisa, business_date) values (?, 'payment', 'cash', 12600, ?)`,
    )
      .bind(booking.id, hotelToday())
      .run();
    const done = await call(`/api/booking-submissions/${booking.id}/complete`, {
      method: 'POST',
      cookie: await staffCookie(),
    });
    expect(done.status, await done.clone().text()).toBe(200);
    type Mail = { subject: string; text: string; html: string };
    let thanks: Mail | undefined;
    for (const end = Date.now() + 15_000; !thanks && Date.now() < end;) {
      // The deliveries started after each answer may be cut when the test's request ends (their
      // rows left claimed): this test sends what is due itself.
      await env.DB.prepare(
        `update email_outbox set status = 'queued', claim_token = null where status = 'sending'`,
      ).run();
      await deliverEmails(env as unknown as Env, drizzle(env.DB));
      const mails = (await (await call(`/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json()) as Mail[];
      thanks = mails.find((m) => m.subject.startsWith('Thank you for staying'));
    }
    expect(thanks, 'the check-out e-mail').toBeDefined();
    const href = new RegExp(`href="([^"]*/invoices/${invoice.id}\\?[^"]*)"`)
      .exec(thanks!.html)?.[1]
      ?.replaceAll('&amp;', '&');
    expect(href, thanks!.text).toBeDefined();
    expect(thanks!.text).toContain(`Your tax invoice: ${href}`);
    const url = new URL(href!);
    expect(url.searchParams.get('lang')).toBe('en');
    // Signed out, on a device the booking was never granted to.
    const page = await call(`${url.pathname}${url.search}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(invoice.number);
    const grant = page.headers
      .getSetCookie()
      .find((c) => c.startsWith('booking_grants='))!
      .split(';')[0]!;
    expect((await call(`/api/invoices/${invoice.id}`, { cookie: grant })).status).toBe(200);
    // A forged or another booking's token opens nothing.
    const forged = url.searchParams.get('t')!.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    expect((await call(`/invoices/${invoice.id}?t=${forged}`)).status).toBe(404);
  });
});

describe('check-out', () => {
  it('issues the tax invoice of the stay with the nights it posted, and answers its id', async () => {
    const today = hotelToday();
    const id = await stayInRoom('101', today, addDays(today, 1), { fullName: 'Aisha Al Lawati' });
    await env.DB.prepare(`update booking_submissions set checked_in_at = ?, total_price = 12600 where id = ?`)
      .bind(Date.now() - 3_600_000, id)
      .run();
    await charge(id, 'minibar', 1_500);
    const cookie = await staffCookie();
    const owed = await call(`/api/booking-submissions/${id}/check-out`, { method: 'POST', json: {}, cookie });
    expect(owed.status).toBe(409);
    await settleFolio(id);
    const out = await call(`/api/booking-submissions/${id}/check-out`, { method: 'POST', json: {}, cookie });
    expect(out.status, await out.clone().text()).toBe(200);
    const { invoiceId } = await json<{ invoiceId: number | null }>(out);
    expect(invoiceId).not.toBeNull();
    const invoice = await json<Doc>(await call(`/api/invoices/${invoiceId}`, { cookie }));
    expect(invoice.customer.nameEn).toBe('Aisha Al Lawati');
    expect(invoice.totalBaisa).toBe(12_600 + 1_500);
    const departments = invoice.lines.map((l) => (l as unknown as { department: string }).department).sort();
    expect(departments).toEqual(['minibar', 'room']);
  });
});

describe('the integrity check', () => {
  it('finds a document whose total is not its folio lines', async () => {
    const run = async () =>
      (
        await json<{ report: { violations: { check: string; detail: Record<string, unknown> }[] } }>(
          await call('/api/admin/integrity/run', {
            method: 'POST',
            cookie: (await staffAccount({ role: 'admin' })).cookie,
          }),
        )
      ).report.violations.filter((v) => v.check === 'invoice_total_not_lines');
    // Every document issued so far in this file, credit notes too, adds up.
    expect(await run()).toEqual([]);
    const booking = await book();
    await charge(booking.id, 'room', 12_600);
    const { invoice } = await json<{ invoice: Doc }>(await issue(booking.id));
    // A charge tied to the invoice by hand, not by its issue.
    const stray = await charge(booking.id, 'spa', 5_000);
    await env.DB.prepare('insert into invoice_lines (folio_line_id, invoice_id) values (?, ?)')
      .bind(stray, invoice.id)
      .run();
    expect(await run()).toEqual([
      {
        check: 'invoice_total_not_lines',
        detail: {
          invoiceId: invoice.id,
          number: invoice.number,
          total: 12_600,
          lines: 17_600,
          copied: 12_600,
        },
      },
    ]);
  });
});
