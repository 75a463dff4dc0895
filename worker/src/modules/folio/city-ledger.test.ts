import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, hotelToday } from '@shared/dates';
import type { CityLedgerAccount, CityLedgerEntry } from '@shared/day-close';
import { json, SEEDED } from '@worker-test/builders';
import { call, logIn } from '@worker-test/helpers';

/**
 * The city ledger: managers keep company accounts (refusals are 400s with their field, digits
 * typed in Arabic-Indic read), record a company's payment (the balance falls by it, one audit
 * line), and read an account's statement: transfers from folios and payments, newest first, each
 * with the balance just after it, a page at a time, the pages together the whole history.
 */

let manager: string;
let staff: string;

const api = (path: string, init: Parameters<typeof call>[1] = {}) =>
  call(`/api/admin/city-ledger${path}`, { cookie: manager, lang: 'en', ...init });

async function createAccount(body: Record<string, unknown>) {
  const res = await api('', { method: 'POST', json: body });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json<{ account: CityLedgerAccount }>(res)).account;
}

/** A booking to move folio balances from (SQL: what the statement reads is the transfer line). */
async function booking(name: string) {
  const row = await env.DB.prepare(
    `insert into booking_submissions (reference, full_name, phone_number, id_number, check_in_date, check_out_date, room_type, status)
     values (?, ?, '91234567', 'A1234567', ?, ?, 'silver', 'approved') returning id, reference`,
  )
    .bind(`CL${crypto.randomUUID().slice(0, 6).toUpperCase()}`, name, hotelToday(), addDays(hotelToday(), 1))
    .first<{ id: number; reference: string }>();
  return row!;
}

/** A folio's balance moved to the account, as the check-out does (a transfer line). */
const transfer = (bookingId: number, accountId: number, amount: number) =>
  env.DB.prepare(
    `insert into folio_lines (booking_id, kind, amount_baisa, business_date, city_ledger_account_id)
     values (?, 'transfer', ?, ?, ?)`,
  ).bind(bookingId, amount, hotelToday(), accountId);

beforeAll(async () => {
  manager = (await logIn(SEEDED.manager.email, SEEDED.manager.password)).cookie;
  staff = (await logIn(SEEDED.staff.email, SEEDED.staff.password)).cookie;
});

describe('accounts', () => {
  it('managers create, list and change them; staff only list them (for the check-out)', async () => {
    expect((await api('', { cookie: staff })).status).toBe(200);
    expect(
      (await api('', { method: 'POST', cookie: staff, json: { name: 'X', creditLimitBaisa: null } })).status,
    ).toBe(403);
    const created = await createAccount({
      name: '  Oman Oil Services  ',
      vatNumber: 'om ١٢٣٤٥٦٧٨٩٠',
      address: 'Muscat',
      creditLimitBaisa: '٥٠٠٠٠٠',
    });
    expect(created).toMatchObject({
      name: 'Oman Oil Services',
      vatNumber: 'OM1234567890',
      creditLimitBaisa: 500_000,
      balanceBaisa: 0,
      active: true,
    });
    const list = await json<{ accounts: CityLedgerAccount[] }>(await api(''));
    expect(list.accounts.map((a) => a.id)).toContain(created.id);
    expect((await api(`/${created.id}`, { cookie: staff })).status).toBe(403);
    expect(
      (await api(`/${created.id}`, { method: 'PATCH', cookie: staff, json: { active: false } })).status,
    ).toBe(403);
    expect(
      (
        await api(`/${created.id}/payments`, {
          method: 'POST',
          cookie: staff,
          json: { method: 'cash', amountBaisa: 1 },
        })
      ).status,
    ).toBe(403);

    const patched = await api(`/${created.id}`, {
      method: 'PATCH',
      json: { creditLimitBaisa: null, active: false },
    });
    expect(patched.status).toBe(200);
    expect((await json<{ account: CityLedgerAccount }>(patched)).account).toMatchObject({
      creditLimitBaisa: null,
      active: false,
    });
    const audit = await env.DB.prepare(
      `select action, before, after from audit_log where entity_type = 'city_ledger_account' and entity_id = ? order by id`,
    )
      .bind(String(created.id))
      .all<{ action: string; before: string | null; after: string }>();
    expect(audit.results.map((r) => r.action)).toEqual(['city_ledger.create', 'city_ledger.update']);
    expect(JSON.parse(audit.results[1]!.before!)).toEqual({ creditLimitBaisa: 500_000, active: true });
  });

  it('refuses a missing name, a bad VAT number, a negative or fractional limit (400, in the user’s language)', async () => {
    for (const [body, field] of [
      [{ name: ' ', creditLimitBaisa: null }, 'name'],
      [{ name: 'A', vatNumber: 'OM12', creditLimitBaisa: null }, 'vatNumber'],
      [{ name: 'A', creditLimitBaisa: -1 }, 'creditLimitBaisa'],
      [{ name: 'A', creditLimitBaisa: 1.5 }, 'creditLimitBaisa'],
    ] as const) {
      const res = await api('', { method: 'POST', json: body, lang: 'ar' });
      expect(res.status).toBe(400);
      const error = (await json<{ error: { code: string; fields: Record<string, string> } }>(res)).error;
      expect(error.fields[field], JSON.stringify(error)).toBeTruthy();
      expect(error.fields[field]).toMatch(/[\u0600-\u06FF]/);
    }
    expect((await api('/999999')).status).toBe(404);
  });

  it('refuses NUL bytes and lone surrogates in a name; an address keeps its lines', async () => {
    for (const name of ['\u0000', 'Trading \udc00 LLC', 'Two\nLines']) {
      const res = await api('', { method: 'POST', json: { name, creditLimitBaisa: null }, lang: 'en' });
      expect(res.status, JSON.stringify(name)).toBe(400);
      const error = (await json<{ error: { fields: Record<string, string> } }>(res)).error;
      expect(error.fields.name).toMatch(/control characters/);
    }
    const made = await createAccount({
      name: 'Lines Trading',
      address: 'PO Box 1\nMuscat',
      creditLimitBaisa: null,
    });
    const renamed = await api(`/${made.id}`, { method: 'PATCH', json: { name: 'Lines\u0000' } });
    expect(renamed.status).toBe(400);
  });
});

describe('payments and the statement', () => {
  it('a payment takes the amount off the balance with its audit line; a bad amount or method is 400', async () => {
    const account = await createAccount({ name: 'Gulf Travel', creditLimitBaisa: 100_000 });
    const guest = await booking('Ahmed Al Rawahi');
    await transfer(guest.id, account.id, 40_000).run();
    // Over the credit limit: the database refuses the transfer.
    await expect(transfer(guest.id, account.id, 60_001).run()).rejects.toThrow(/credit_limit_exceeded/);

    const paid = await api(`/${account.id}/payments`, {
      method: 'POST',
      json: { method: 'bank_transfer', amountBaisa: '١٥٠٠٠', reference: 'TT 2211' },
    });
    expect(paid.status, await paid.clone().text()).toBe(201);
    expect(await json(paid)).toMatchObject({
      message: "The company's payment was recorded",
      account: { balanceBaisa: 25_000 },
      payment: {
        amountBaisa: 15_000,
        method: 'bank_transfer',
        reference: 'TT 2211',
        businessDate: hotelToday(),
      },
    });
    for (const body of [
      { method: 'bank_transfer', amountBaisa: 0 },
      { method: 'bank_transfer', amountBaisa: 1.5 },
      { method: 'online', amountBaisa: 100 },
    ]) {
      expect((await api(`/${account.id}/payments`, { method: 'POST', json: body })).status).toBe(400);
    }
    expect(
      (await api(`/999999/payments`, { method: 'POST', json: { method: 'cash', amountBaisa: 1 } })).status,
    ).toBe(404);
    const audits = await env.DB.prepare(
      `select count(*) as n from audit_log where action = 'city_ledger.payment' and entity_id = ?`,
    )
      .bind(String(account.id))
      .first<{ n: number }>();
    expect(audits!.n).toBe(1);
  });

  it('the statement pages newest first with the balance after each entry, and the pages add up to the history', async () => {
    const account = await createAccount({ name: 'Long History Co', creditLimitBaisa: null });
    const guest = await booking('Fatma Al Said');
    // 70 transfers of 1..70 OMR, then 12 payments of 2 OMR each through the API.
    await env.DB.batch(Array.from({ length: 70 }, (_, i) => transfer(guest.id, account.id, (i + 1) * 1000)));
    for (let i = 0; i < 12; i++) {
      const res = await api(`/${account.id}/payments`, {
        method: 'POST',
        json: { method: 'cash', amountBaisa: 2000, reference: `R${i}` },
      });
      expect(res.status).toBe(201);
    }
    const total = (70 * 71 * 1000) / 2 - 12 * 2000;
    const entries: CityLedgerEntry[] = [];
    let next: string | null = null;
    let pages = 0;
    do {
      const res = await api(`/${account.id}${next ? `?before=${next}` : ''}`);
      expect(res.status).toBe(200);
      const page = await json<{
        account: CityLedgerAccount;
        entries: CityLedgerEntry[];
        next: string | null;
      }>(res);
      expect(page.account.balanceBaisa).toBe(total);
      expect(page.entries.length).toBeLessThanOrEqual(50);
      entries.push(...page.entries);
      next = page.next;
      pages += 1;
    } while (next && pages < 5);
    expect(pages).toBe(2);
    expect(entries).toHaveLength(82);
    // Newest first: the 12 payments, then the transfers from the 70th down.
    expect(entries.slice(0, 12).every((e) => e.kind === 'payment' && e.method === 'cash')).toBe(true);
    expect(entries[12]).toMatchObject({
      kind: 'transfer',
      amountBaisa: 70_000,
      guestName: 'Fatma Al Said',
      reference: guest.reference,
    });
    expect(entries[0]!.balanceBaisa).toBe(total);
    // Each balance is the one after it plus its own effect; the oldest leaves what it moved.
    for (let i = 0; i < entries.length - 1; i++) {
      const e = entries[i]!;
      const effect = e.kind === 'transfer' ? e.amountBaisa : -e.amountBaisa;
      expect(entries[i + 1]!.balanceBaisa).toBe(e.balanceBaisa - effect);
    }
    expect(entries.at(-1)).toMatchObject({ kind: 'transfer', amountBaisa: 1000, balanceBaisa: 1000 });
    expect((await api(`/${account.id}?before=bad`)).status).toBe(400);
  });
});
