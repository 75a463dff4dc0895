import { sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { idParamSchema } from '@shared/date-schemas';
import type { InvoiceDocument } from '@shared/invoice-schemas';
import { issueInvoiceSchema } from '@shared/invoice-schemas';
import { ApiError } from '../../../platform/api-error';
import { requireRole } from '../../../platform/auth-middleware';
import type { AppEnv } from '../../../platform/env';
import { translate } from '../../../platform/messages';
import { hasRole } from '../../../platform/roles';
import { readSession } from '../../../platform/session-cookies';
import { validate } from '../../../platform/validation';
import { findOwnedBooking, grantBookingOnDevice, verifyBookingLinkToken } from '../../bookings';
import { sha256Bytes } from '../../../platform/crypto';
import { INVOICE_PAGE_STYLE, invoicePageHtml } from '../invoice-page';
import { invoiceUbl } from '../invoice-ubl';
import { issueInvoice, readInvoice } from '../invoices';

/**
 * A document to staff, or to the guest of its booking (signed in to the booking's account, or on
 * a device the booking was granted to): the folio's access. Anyone else, and an unknown id, get
 * the same 404.
 */
export async function readableInvoice(
  c: Context<AppEnv>,
  id: number,
  linkToken?: string,
): Promise<InvoiceDocument> {
  const doc = await readInvoice(c.get('db'), id);
  if (!doc) throw new ApiError(404, 'invoice_not_found');
  const session = await readSession(c);
  if (session && hasRole(session.user, 'staff')) return doc;
  // A group's folio is billed to its company: no member's guest reads it (decision 076).
  if (doc.groupId != null) throw new ApiError(404, 'invoice_not_found');
  // The check-out e-mail's link: the booking's signed token (valid to the end of its check-out
  // day) opens its invoice on any device, and grants the booking to that device as the booking's
  // own link does.
  if (linkToken && (await verifyBookingLinkToken(doc.bookingReference, linkToken, c.env.PASSWORD_PEPPER))) {
    const booking = await c
      .get('db')
      .get<{ id: number; checkOutDate: string }>(
        sql`select id, check_out_date as checkOutDate from booking_submissions where id = ${doc.bookingId}`,
      );
    if (booking) await grantBookingOnDevice(c, booking);
    return doc;
  }
  try {
    await findOwnedBooking(c, doc.bookingId);
  } catch {
    throw new ApiError(404, 'invoice_not_found');
  }
  return doc;
}

/**
 * POST /api/booking-submissions/:id/invoices (staff): a tax invoice for the folio's charges not yet invoiced.
 *
 * @example
 * api.route('/booking-submissions', bookingInvoiceRoutes); // the entry mounts it
 */
export const bookingInvoiceRoutes = new Hono<AppEnv>().post(
  '/:id/invoices',
  requireRole('staff'),
  validate('param', idParamSchema),
  validate('json', issueInvoiceSchema),
  async (c) => {
    const invoice = await issueInvoice(
      c.get('db'),
      c.get('user'),
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    return c.json(
      { message: translate('invoice_issued', c.get('language'), { number: invoice.number }), invoice },
      201,
    );
  },
);

/**
 * GET /api/invoices/:id (JSON) and /api/invoices/:id/ubl (UBL 2.1 XML): staff and the booking's guest.
 *
 * @example
 * api.route('/invoices', invoiceRoutes); // the entry mounts it
 */
export const invoiceRoutes = new Hono<AppEnv>()
  .get('/:id', validate('param', idParamSchema), async (c) => {
    const doc = await readableInvoice(c, c.req.valid('param').id);
    c.header('Cache-Control', 'private, no-store');
    return c.json(doc);
  })
  .get('/:id/ubl', validate('param', idParamSchema), async (c) => {
    const doc = await readableInvoice(c, c.req.valid('param').id);
    return c.body(invoiceUbl(doc), 200, {
      'Content-Type': 'application/xml; charset=utf-8',
      'Content-Disposition': `inline; filename="${doc.number}.xml"`,
      'Cache-Control': 'private, no-store',
    });
  });

/** The CSP source of the page's one inline style (made once per isolate). */
let styleSource: Promise<string> | undefined;
const pageStyleSource = () =>
  (styleSource ??= sha256Bytes(INVOICE_PAGE_STYLE).then(
    (b) => `'sha256-${btoa(String.fromCharCode(...b))}'`,
  ));

/**
 * The printable page (`/invoices/:id`, outside the API): the same access as the JSON; HTML with
 * its one inline style allowed by its hash. A refusal is a short page in both languages.
 *
 * @example
 * app.get('/invoices/:id', invoicePage); // the entry serves it beside the API
 */
export async function invoicePage(c: Context<AppEnv>): Promise<Response> {
  const parsed = idParamSchema.safeParse({ id: c.req.param('id') });
  let html: string;
  let status: 200 | 404 = 200;
  try {
    if (!parsed.success) throw new ApiError(404, 'invoice_not_found');
    html = invoicePageHtml(await readableInvoice(c, parsed.data.id, c.req.query('t')));
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    status = 404;
    html = `<!doctype html><html lang="ar"><meta charset="utf-8"><title>404</title><p lang="ar" dir="rtl">${translate(
      'invoice_not_found',
      'ar',
    )}</p><p lang="en">${translate('invoice_not_found', 'en')}</p></html>`;
  }
  c.set('inlineStyleHashes', [await pageStyleSource()]);
  return c.html(html, status, { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' });
}
