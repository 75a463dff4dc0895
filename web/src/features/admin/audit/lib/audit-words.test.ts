import { i18n } from '@lingui/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { qaCreateSchema } from '@shared/chat-schemas';
import { offerInputSchema, serviceInputSchema, siteSettingsSchema } from '@shared/content-schemas';
import { eventSettingSchema, notificationCreateSchema } from '@shared/event-schemas';
import { guestDocumentSchema } from '@shared/guest-profile-schemas';
import { mediaAltSchema } from '@shared/media-schemas';
import { RATE_VALUE_FIELDS, ratePlanCreateSchema } from '@shared/rate-schemas';
import { createRoomTypeSchema } from '@shared/room-type-schemas';
import { cityLedgerAccountSchema, cityLedgerPaymentSchema } from '@shared/day-close';
import { taxSettingsObjectSchema as taxSettingsInnerSchema } from '@shared/tax-schemas';
import { beneficiarySchema, vipUseSchema } from '@shared/vip-schemas';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { NOISE } from './audit-changes';
import { AUDIT_FIELDS, auditFieldName, auditValue } from './audit-words';
// The worker's source as text (Vite's ?raw), to read the fields of the booking rows it logs; no
// alias reaches worker/, and the web app itself never imports it.
// eslint-disable-next-line no-restricted-syntax -- a test reading the worker's source as text
import bookingsSource from '../../../../../../worker/src/modules/bookings/listed-booking.ts?raw';

const keysOf = (schema: unknown) => Object.keys((schema as { shape: Record<string, unknown> }).shape);

/** The fields of a booking as the worker logs it (worker/src/modules/bookings/listed-booking.ts listedBooking), read from its source. */
function listedBookingKeys(): string[] {
  const body = bookingsSource.slice(bookingsSource.indexOf('export function listedBooking'));
  const literal = body.slice(body.indexOf('return {') + 8, body.indexOf('\n  };'));
  return [...literal.matchAll(/^\s{4}(\w+)[:,]/gm)].map((m) => m[1]!);
}

/**
 * Every field the worker writes into an audit line (auditEntry's before and after in
 * worker/src/lib/*): the inputs it logs as they came (their shared schemas), the booking
 * rows it logs, and the few fields its calls write by hand.
 */
function writtenFields(): string[] {
  return [
    ...keysOf(offerInputSchema),
    ...keysOf(serviceInputSchema),
    ...keysOf(siteSettingsSchema),
    ...keysOf(qaCreateSchema),
    ...keysOf(mediaAltSchema),
    ...keysOf(beneficiarySchema),
    ...keysOf(vipUseSchema),
    ...keysOf(eventSettingSchema),
    ...keysOf(notificationCreateSchema),
    ...listedBookingKeys(),
    // The worker's audit lines: modules/bookings/booking-status.ts, modules/inventory/allotments.ts,
    // modules/accounts/staff.ts, modules/reviews/reviews.ts, modules/draws/entries.ts,
    // modules/catalog/media-admin.ts and offers-admin.ts, modules/operations/integrity.ts,
    // modules/statistics/statistics-gate.ts (the row before an edit, the order).
    ...['status', 'reason', 'totalCount', 'email', 'fullName', 'role', 'isDisabled', 'passwordChanged'],
    ...['adminNotes', 'starRating', 'ownerKind', 'ownerId', 'width', 'height', 'widths', 'ids'],
    ...['violationCount', 'until', 'isActive', 'sortOrder', 'expiryDate'],
    // modules/guests/guests.ts: a profile's changes (a guest's own details, and staff's flags and
    // notes) and a merge.
    ...keysOf(guestDocumentSchema),
    ...['preferences', 'notes', 'vip', 'doNotRent', 'mergedId', 'kept', 'merged'],
    // modules/rates: a plan as created or changed, and a bulk edit of nights as it came (its
    // room types as a list).
    ...keysOf(ratePlanCreateSchema),
    ...RATE_VALUE_FIELDS,
    ...['ratePlan', 'roomTypes', 'from', 'to', 'weekdays'],
    // modules/folio/tax-settings.ts: the taxes and the supplier's details as saved.
    ...keysOf(taxSettingsInnerSchema),
    // modules/folio/folio.ts and the check-out: a folio line as posted, a check-out's nights and transfer.
    ...['department', 'description', 'quantity', 'amountBaisa', 'netBaisa', 'taxes', 'method', 'reason'],
    ...['approvalCode'],
    ...['lineId', 'paymentLineId', 'businessDate', 'nightsPosted', 'cityLedgerAccountId'],
    // modules/folio/invoices.ts: a tax invoice or credit note as issued.
    ...['invoiceNumber', 'invoicedBookingId', 'documentTotalBaisa', 'documentLines', 'creditedInvoice'],
    // modules/folio/city-ledger.ts: an account as created or changed, a company's payment;
    // modules/day-close: what a close posted and who closed it.
    ...keysOf(cityLedgerAccountSchema),
    ...keysOf(cityLedgerPaymentSchema),
    ...['businessDate', 'roomNights', 'noShows', 'by'],
    // modules/bookings/room-types-admin.ts: a room type as added, or the fields changed.
    ...keysOf(createRoomTypeSchema),
    'active',
  ];
}

describe('the audit log in the UI language', () => {
  beforeEach(() => i18n.loadAndActivate({ locale: 'ar', messages: ar as never }));

  it('names every field the worker writes, in Arabic and in English', () => {
    // Bookkeeping fields (ids, stamps) are never shown (audit-changes.ts).
    const fields = [...new Set(writtenFields())].filter((field) => !NOISE.has(field));
    expect(fields.length).toBeGreaterThan(60);
    expect(fields.filter((field) => !AUDIT_FIELDS[field])).toEqual([]);
    for (const field of fields) expect(auditFieldName(i18n, field), field).toMatch(/[\u0600-\u06ff]/);
    i18n.loadAndActivate({ locale: 'en', messages: en as never });
    expect(auditFieldName(i18n, 'altAr')).toBe('Description (Arabic)');
    expect(auditFieldName(i18n, 'until')).toBe('Open until');
  });

  it('puts values into words and digits of the language, times in Asia/Muscat', () => {
    expect(auditValue(i18n, 'rejected', 'ar', 'status')).toBe('مرفوضة');
    expect(auditValue(i18n, 'true', 'ar', 'isActive')).toBe('نعم');
    // The staff accounts screen's names: a front-desk account, not "Staff".
    expect(auditValue(i18n, 'staff', 'ar', 'role')).toBe('موظف استقبال');
    expect(auditValue(i18n, 'admin', 'ar', 'role')).toBe('مسؤول النظام');
    expect(auditValue(i18n, 'manager', 'ar', 'role')).toBe('مدير');
    expect(auditValue(i18n, 'housekeeper', 'ar', 'role')).toBe('عامل نظافة');
    i18n.loadAndActivate({ locale: 'en', messages: en as never });
    expect(auditValue(i18n, 'staff', 'en', 'role')).toBe('Front desk');
    expect(auditValue(i18n, 'admin', 'en', 'role')).toBe('Administrator');
    i18n.loadAndActivate({ locale: 'ar', messages: ar as never });
    // 20:30 UTC is 00:30 the next day in Muscat.
    const until = auditValue(i18n, '2026-11-23T20:30:00.000Z', 'ar', 'until');
    expect(until).toContain('٢٤');
    expect(until).not.toMatch(/[0-9]|T|Z/);
    expect(auditValue(i18n, '["إفطار","واي فاي"]', 'ar', 'keywords')).toBe('إفطار، واي فاي');
    expect(auditValue(i18n, '[{"ar":"مشروب ترحيبي","en":"Welcome drink"}]', 'ar', 'features')).toBe(
      'مشروب ترحيبي',
    );
    expect(auditValue(i18n, '[3,1,2]', 'ar', 'ids')).toBe('٣، ١، ٢');
    // Times of day through the one formatter: 12-hour in Arabic, as every screen writes them.
    expect(auditValue(i18n, '14:00', 'ar', 'checkInTime')).toBe('٢:٠٠ م');
    expect(auditValue(i18n, '36', 'ar', 'totalCount')).toBe('٣٦');
    // Phones and codes as typed, isolated left to right.
    expect(auditValue(i18n, '91234567', 'ar', 'phoneNumber')).toBe('\u206691234567\u2069');
    // A room's number by its one formatter: Arabic-Indic digits, never grouped as a count.
    expect(auditValue(i18n, '1024', 'ar', 'roomNumber')).toBe('\u2066١٠٢٤\u2069');
    expect(auditValue(i18n, 'A12', 'ar', 'number')).toBe('\u2066A١٢\u2069');
  });

  it('names the extra-guest price of a room type, a plan and a night, and writes prices as money', () => {
    // A room type's and a plan's own (their create schemas), as a night's on the rate calendar.
    expect(keysOf(createRoomTypeSchema)).toContain('extraGuestPriceBaisa');
    expect(keysOf(ratePlanCreateSchema)).toContain('extraGuestPriceBaisa');
    expect(auditFieldName(i18n, 'extraGuestPriceBaisa')).toBe('كل ضيف يزيد على المشمولين في السعر');
    expect(auditValue(i18n, '3500', 'ar', 'extraGuestPriceBaisa')).toBe('٣٫٥٠٠\u00a0ر.ع.');
    expect(auditValue(i18n, '0', 'ar', 'extraGuestPriceBaisa')).toBe('٠٫٠٠٠\u00a0ر.ع.');
    expect(auditValue(i18n, null, 'ar', 'extraGuestPriceBaisa')).toBe('—');
    i18n.loadAndActivate({ locale: 'en', messages: en as never });
    expect(auditFieldName(i18n, 'extraGuestPriceBaisa')).toBe('Each guest beyond those in the price');
    expect(auditValue(i18n, '3500', 'en', 'extraGuestPriceBaisa')).toBe('OMR\u00a03.500');
    expect(auditValue(i18n, '45000', 'en', 'priceBaisa')).toBe('OMR\u00a045.000');
    expect(auditValue(i18n, '13200', 'en', 'totalPriceBaisa')).toBe('OMR\u00a013.200');
    // Amounts whose field says "(baisa)" stay counts of baisa.
    expect(auditValue(i18n, '1667', 'en', 'netBaisa')).toBe('1,667');
  });

  it('names a room type as the hotel names it, a type added at run time too', () => {
    const types = [
      { code: 'gold', nameAr: 'الغرفة الذهبية', nameEn: 'Gold Room' },
      { code: 'family-suite', nameAr: 'جناح عائلي', nameEn: 'Family Suite' },
    ];
    expect(auditValue(i18n, 'family-suite', 'ar', 'roomType', types)).toBe('جناح عائلي');
    expect(auditValue(i18n, 'family-suite', 'en', 'roomType', types)).toBe('Family Suite');
    expect(auditValue(i18n, '["gold","family-suite"]', 'ar', 'roomTypes', types)).toBe(
      'الغرفة الذهبية، جناح عائلي',
    );
    // A gold VIP card is not a gold room.
    expect(auditValue(i18n, 'gold', 'ar', 'cardType', types)).not.toBe('الغرفة الذهبية');
  });

  it('writes booking references as every screen does, "K7M-Q4PX", a rooming list’s too', () => {
    expect(auditValue(i18n, 'K7MQ4PX', 'ar', 'bookingReference')).toBe('\u2066K7M-Q4PX\u2069');
    expect(auditValue(i18n, '["K7MQ4PX","H4TR7YZ"]', 'en', 'references')).toBe(
      '\u2066K7M-Q4PX\u2069, \u2066H4T-R7YZ\u2069',
    );
    // A company's transfer reference is the bank's, as typed.
    expect(auditValue(i18n, 'TRX4567', 'en', 'reference')).toBe('\u2066TRX4567\u2069');
  });
});
