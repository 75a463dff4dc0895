import { describe, expect, it } from 'vitest';
import { discountRows, whatsappLink } from './whatsapp-link';

describe('whatsappLink', () => {
  it('keeps only the digits of the number and encodes the message', () => {
    expect(whatsappLink('+968 9000-0000', 'Hello & welcome?')).toBe(
      'https://wa.me/96890000000?text=Hello%20%26%20welcome%3F',
    );
  });

  it('encodes Arabic text', () => {
    const link = whatsappLink('96890000000', 'بطاقة ذهبية');
    expect(link.startsWith('https://wa.me/96890000000?text=')).toBe(true);
    expect(decodeURIComponent(link.split('text=')[1]!)).toBe('بطاقة ذهبية');
  });
});

describe('discountRows', () => {
  it('orders by percent and drops empty rows', () => {
    expect(
      discountRows([
        { percent: 50, rooms: 3 },
        { percent: 10, rooms: 15 },
        { percent: 20, rooms: 0 },
      ]),
    ).toEqual([
      { percent: 10, rooms: 15 },
      { percent: 50, rooms: 3 },
    ]);
  });
});
