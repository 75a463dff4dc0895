import { beforeAll, describe, expect, it } from 'vitest';
import { LOST_FOUND_RULES } from '@shared/lost-found-schemas';
import { json } from '@worker-test/builders';
import { call, logIn } from '@worker-test/helpers';

/**
 * The desk searches found items by what they are and where they were found, in Arabic as in
 * English, up to LOST_FOUND_RULES.searchMax characters. D1 refuses a LIKE pattern past 50 bytes
 * ("LIKE or GLOB pattern too complex"); an Arabic letter is two, so the attack of
 * docs/security/attack-2026-11-27.md (wapiti's blind-SQL probe, then a plain Arabic phrase) got
 * a 500 for a search of 25 Arabic letters. Searching is a substring match, case aside, whatever
 * its length.
 */
let staff = '';
beforeAll(async () => {
  staff = (await logIn('staff@example.com', 'change-me-staff')).cookie;
});

const description = 'هاتف أسود من نوع سامسونج مع غطاء جلدي بني وجد تحت السرير';
const search = (q: string) =>
  call(`/api/admin/lost-found?status=held&q=${encodeURIComponent(q)}`, { cookie: staff, lang: 'ar' });
const found = async (q: string) => {
  const res = await search(q);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await json<{ items: { description: string }[] }>(res)).items.map((i) => i.description);
};

describe('searching found items', () => {
  it('finds an item by a long Arabic phrase, and a long English one answers 200', async () => {
    const logged = await call('/api/admin/lost-found', {
      method: 'POST',
      cookie: staff,
      json: { place: 'Room 204 — under the bed', description },
    });
    expect(logged.status, await logged.clone().text()).toBe(201);
    const phrase = 'أسود من نوع سامسونج مع غطاء جلدي'; // 32 letters: 60 bytes and more
    expect(phrase.length).toBeLessThanOrEqual(LOST_FOUND_RULES.searchMax);
    expect(await found(phrase)).toContain(description);
    expect(await found('UNDER THE BED')).toContain(description);
    expect(await found('100%_\\')).toEqual([]);
    expect(await found('x'.repeat(LOST_FOUND_RULES.searchMax))).toEqual([]);
  });
});
