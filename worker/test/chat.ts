import { expect } from 'vitest';
import { hotelToday } from '@shared/dates';
import { call } from './helpers';

/**
 * The assistant's tests' shared parts (chat-answers and chat-booking): a conversation with the
 * chat API, a month to book in, and digits written the Arabic-Indic way.
 */

export type Reply = {
  response: string;
  bookingState: {
    step: string;
    data: Record<string, unknown>;
    totalPriceBaisa: number | null;
    bookingReference: string | null;
  };
};

let addressCounter = 0;
/** Each conversation from its own client address, so throttles of one test never touch another. */
export function conversation(opts: { cookie?: string; lang?: 'ar' | 'en' } = {}) {
  const sessionId = `test-${crypto.randomUUID()}`;
  const address = `10.12.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;
  const lang = opts.lang ?? 'en';
  return {
    sessionId,
    address,
    raw: (message: string, extra: Record<string, unknown> = {}) =>
      call('/api/chat', {
        method: 'POST',
        cookie: opts.cookie,
        headers: { 'cf-connecting-ip': address },
        json: { message, sessionId, language: lang, context: 'hotel_assistant', isBot: false, ...extra },
      }),
    async say(message: string, extra: Record<string, unknown> = {}): Promise<Reply> {
      const res = await this.raw(message, extra);
      expect(res.status, await res.clone().text()).toBe(200);
      return (await res.json()) as Reply;
    },
  };
}

/**
 * A day of the month after next (so never in the past; `ahead` months on), with its English and
 * Arabic month names.
 */
export function futureMonth(ahead = 2) {
  const today = hotelToday();
  const d = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + ahead);
  const ym = d.toISOString().slice(0, 7);
  const en = new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' }).format(d);
  const ar = [
    'يناير',
    'فبراير',
    'مارس',
    'أبريل',
    'مايو',
    'يونيو',
    'يوليو',
    'أغسطس',
    'سبتمبر',
    'أكتوبر',
    'نوفمبر',
    'ديسمبر',
  ][d.getUTCMonth()]!;
  return { ym, en, ar, day: (n: number) => `${ym}-${String(n).padStart(2, '0')}` };
}

/** `s` with its digits written the Arabic-Indic way. */
export const toArabicDigits = (s: string) => s.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!);
