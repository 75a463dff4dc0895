import { describe, expect, it } from 'vitest';
import { formatPrice } from './format';

/*
 * One formatter each for money and room numbers (docs/decisions/054-one-formatter-for-numbers.md):
 * no screen writes rials or a room's number by hand. Read from the web's source as text, its
 * comments left out.
 */
const sources = import.meta.glob<string>(
  ['../**/*.{ts,tsx}', '!**/*.test.{ts,tsx}', '!**/*.d.ts', '!**/locales/**'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);

const withoutComments = (code: string) =>
  code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

/** `path:line: text` of every line of the web's code (but `skip`) that `pattern` finds. */
function linesWith(pattern: RegExp, skip: (path: string) => boolean = () => false): string[] {
  const found: string[] = [];
  for (const [path, code] of Object.entries(sources)) {
    if (skip(path)) continue;
    withoutComments(code)
      .split('\n')
      .forEach((line, i) => {
        if (pattern.test(line)) found.push(`${path}:${i + 1}: ${line.trim()}`);
      });
  }
  return found;
}

/** Money written by hand: a currency label, fixed decimals, or Intl's own currency style. */
const HAND_MADE_MONEY =
  /ر\.ع\.|OMR \$\{|\}\s*OMR\b|minimumFractionDigits|\.toFixed\(|\bcurrency\s*:|'currency'/;

/**
 * A room's number put on screen as it is stored: a JSX child (`{room.number}`, `>{b.roomNumber}<`)
 * or a sentence's placeholder (`${room.number}`). Attributes (test ids, typeahead keys) may.
 */
const RAW_ROOM_NUMBER =
  /(^\s*|>\s*)\{[\w?.]*(\.number|roomNumber)\}|\$\{[\w?.]*(\.number|roomNumber)\}(?![^`]*`\})/;

/**
 * A booking's reference put on screen as it is stored ("K7MQ4PX"): a JSX child or a sentence's
 * placeholder (`{b.reference}`, `${row.bookingReference}`), where every screen shows it as
 * "K7M-Q4PX" (components/booking-reference.tsx, lib/format-reference.ts, shared
 * formatBookingReference). Attributes (links, keys, a component's prop) may.
 */
const RAW_REFERENCE =
  /(^\s*|>\s*)\{[\w?.!]*\.(reference|bookingReference)\}|\$\{[\w?.!]*\.(reference|bookingReference)\}(?![^`]*`\})/;

/** A company's payment on the city ledger keeps the bank's transfer reference as typed. */
const typedTransferReference = (path: string, line: string) =>
  path.endsWith('/city-ledger-screen.tsx') && line.trim() === '<span dir="ltr">{e.reference}</span>';

describe('one money formatter', () => {
  it('is the only code that writes rials: every screen calls formatPrice (lib/format.ts)', () => {
    expect(linesWith(HAND_MADE_MONEY, (path) => path === './format.ts')).toEqual([]);
  });

  it('writes three decimals (the baisa) everywhere, the statistics too, in both languages', () => {
    expect(formatPrice(1_234_560, 'en')).toBe('OMR\u00a01,234.560');
    expect(formatPrice(1_234_560, 'ar')).toBe('١٬٢٣٤٫٥٦٠\u00a0ر.ع.');
    // An average (ADR, RevPAR) is a fraction of a baisa: rounded to the baisa.
    expect(formatPrice(12_345.6, 'en')).toBe('OMR\u00a012.346');
    expect(formatPrice(12_345.6, 'ar')).toBe('١٢٫٣٤٦\u00a0ر.ع.');
  });

  it('is really checked: hand-made money is found', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(300);
    const finds = (line: string) => HAND_MADE_MONEY.test(line);
    expect(finds("return language === 'ar' ? `${amount} ر.ع.` : `OMR ${amount}`;")).toBe(true);
    expect(finds('numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })')).toBe(true);
    expect(finds('t`${formatOmr(price, language)} OMR a night`')).toBe(true);
    expect(finds('formatPrice(d.revenue, language)')).toBe(false);
  });
});

describe('one room number formatter', () => {
  it('is how every screen shows a room number (lib/format-room-number.ts)', () => {
    expect(linesWith(RAW_ROOM_NUMBER)).toEqual([]);
  });

  it('is really checked: a number shown as stored is found, an attribute is not', () => {
    const finds = (line: string) => RAW_ROOM_NUMBER.test(line);
    expect(finds('          {room.number}')).toBe(true);
    expect(finds('Room <bdi dir="ltr">{booking.roomNumber}</bdi>')).toBe(true);
    expect(finds("title={room ? t`Room ${room.number} out of order` : ''}")).toBe(true);
    expect(finds('data-testid={`tape-row-${room.number}`}')).toBe(false);
    expect(finds('textValue={room.number}')).toBe(false);
    expect(finds('{formatRoomNumber(room.number, language)}')).toBe(false);
  });
});

describe('one booking reference form', () => {
  it('is how every screen shows a reference: "K7M-Q4PX", never "K7MQ4PX"', () => {
    expect(
      linesWith(RAW_REFERENCE).filter((found) => {
        const [path = '', , ...rest] = found.split(':');
        return !typedTransferReference(path, rest.join(':'));
      }),
    ).toEqual([]);
  });

  it('is really checked: a reference shown as stored is found, a link or a prop is not', () => {
    const finds = (line: string) => RAW_REFERENCE.test(line);
    expect(finds('            {b.reference}')).toBe(true);
    expect(finds('Bill of {e.guestName} (<span dir="ltr">{e.reference}</span>)')).toBe(true);
    expect(finds('description: t`Booking ${row.bookingReference} is paid`,')).toBe(true);
    expect(finds('href={`/booking/${booking.reference}`}')).toBe(false);
    expect(finds('<BookingReference reference={booking.reference} />')).toBe(false);
    expect(finds('{formatBookingReference(p.bookingReference)}')).toBe(false);
  });
});
