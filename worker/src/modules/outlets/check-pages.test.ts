import { describe, expect, it } from 'vitest';
import { call } from '@worker-test/helpers';
import { guest, json, one, staffAccount, staffCookie } from '@worker-test/builders';
import { check, inHouse, manager, outletWithItems, toRoom, type Check } from '@worker-test/outlets';

/**
 * An outlet's check on paper (decision 090, "On paper"): a paid one's tax invoice on the desk's A4
 * page, and any check's 80 mm receipt, both in Arabic and English, read with the check's own
 * access (the outlet's staff, the desk and above; anyone else the same "not found").
 */

const posted = async (outletId: number, body: unknown, cookie: string) => {
  const res = await check(outletId, body, cookie);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json<{ check: Check }>(res)).check;
};
const page = async (path: string, cookie?: string) => {
  const res = await call(path, { cookie });
  return {
    status: res.status,
    html: await res.text(),
    csp: res.headers.get('content-security-policy') ?? '',
  };
};

describe('a check paid at the outlet, on paper', () => {
  it('prints its tax invoice on the A4 page and its receipt for an 80 mm printer, in both languages', async () => {
    const cafe = await outletWithItems();
    const cookie = await manager();
    const paid = await posted(
      cafe.id,
      {
        items: [{ itemId: cafe.coffee.id, quantity: 2 }],
        settle: { kind: 'paid', method: 'card', approvalCode: 'AB12' },
      },
      cookie,
    );
    const a4 = await page(`/invoices/outlet/${paid.id}`, cookie);
    expect(a4.status).toBe(200);
    expect(a4.html).toContain('Tax Invoice');
    expect(a4.html).toContain('فاتورة ضريبية');
    expect(a4.html).toContain(paid.invoiceNumber!);
    // The outlet and its check in place of a booking; paid there, nothing due.
    expect(a4.html).toContain('Oasis Café');
    expect(a4.html).toContain('مقهى الواحة');
    expect(a4.html).not.toContain('>Booking<');
    expect(a4.html).toContain('Payment (card)');
    expect(a4.html).toContain('approval code');
    expect(a4.html).toContain('size: A4');
    expect(a4.csp).toMatch(/style-src[^;]*'sha256-/);

    const receipt = await page(`/invoices/outlet/${paid.id}/receipt`, cookie);
    expect(receipt.status).toBe(200);
    expect(receipt.html).toContain('size: 80mm');
    expect(receipt.html).toContain('>Receipt<');
    expect(receipt.html).toContain('>إيصال<');
    expect(receipt.html).toContain('Arabic coffee');
    expect(receipt.html).toContain('قهوة عربية');
    expect(receipt.html).toContain('2 × 1.500');
    expect(receipt.html).toContain('3.000');
    expect(receipt.html).toContain(paid.invoiceNumber!);
    expect(receipt.html).toContain('Paid by card');
    expect(receipt.html).toContain('دُفع بالبطاقة');
    // The check's number in the Arabic sentence in Arabic-Indic digits, as the tablet's own.
    expect(receipt.html).toContain(`Check ${paid.checkNumber}`);
    expect(receipt.html).toMatch(/الطلب رقم [٠-٩]+</);
    // Its one style and one script (the Print button) allowed by their hashes, nothing inline else.
    expect(receipt.csp).toMatch(/style-src[^;]*'sha256-/);
    expect(receipt.csp).toMatch(/script-src[^;]*'sha256-/);
    expect(receipt.csp).not.toContain('unsafe-inline');
  });

  it('says a voided one is voided, with its reason and credit note, whose own A4 page it has', async () => {
    const cafe = await outletWithItems();
    const cookie = await manager();
    const paid = await posted(
      cafe.id,
      { items: [{ itemId: cafe.cake.id, quantity: 1 }], settle: { kind: 'paid', method: 'cash' } },
      cookie,
    );
    expect((await page(`/invoices/outlet/${paid.id}?credit=1`, cookie)).status).toBe(404);
    const voided = await call(`/api/outlets/checks/${paid.id}/void`, {
      method: 'POST',
      cookie,
      json: { reason: 'Rang twice' },
    });
    expect(voided.status).toBe(200);
    const receipt = await page(`/invoices/outlet/${paid.id}/receipt`, cookie);
    expect(receipt.html).toContain('Voided');
    expect(receipt.html).toContain('مُلغى');
    expect(receipt.html).toContain('Rang twice');
    expect(receipt.html).toMatch(/OCN-\d{4}-\d{6}/);
    const credit = await page(`/invoices/outlet/${paid.id}?credit=1`, cookie);
    expect(credit.status).toBe(200);
    expect(credit.html).toContain('Tax Credit Note');
    expect(credit.html).toContain(paid.invoiceNumber!);
  });
});

describe('a check charged to a room, on paper', () => {
  it('prints a receipt with the room and a line for the guest’s signature; it has no tax invoice of its own', async () => {
    const cafe = await outletWithItems();
    await inHouse('312', 'Maryam Al Said');
    const cookie = await manager();
    const toTheRoom = await posted(cafe.id, toRoom(cafe.coffee.id, 1, '312', 'Al Said'), cookie);
    const receipt = await page(`/invoices/outlet/${toTheRoom.id}/receipt`, cookie);
    expect(receipt.status).toBe(200);
    expect(receipt.html).toContain('Charged to room 312');
    expect(receipt.html).toContain('على حساب الغرفة ٣١٢');
    expect(receipt.html).toContain('Guest&#39;s signature');
    expect(receipt.html).toContain('توقيع الضيف');
    // Its taxes named as the settings name them.
    expect(receipt.html).toContain('VAT');
    expect((await page(`/invoices/outlet/${toTheRoom.id}`, cookie)).status).toBe(404);
  });
});

describe('who may read a check on paper', () => {
  it('its outlet’s staff and the desk; another outlet’s waiter, a guest and the signed out read "not found"', async () => {
    const waiter = await staffAccount({ role: 'outlet' });
    const other = await staffAccount({ role: 'outlet' });
    const { id: waiterId } = (await one<{ id: number }>(
      'select id from users where email = ?',
      waiter.email,
    ))!;
    const cafe = await outletWithItems({}, [waiterId]);
    const paid = await posted(
      cafe.id,
      { items: [{ itemId: cafe.coffee.id, quantity: 1 }], settle: { kind: 'paid', method: 'cash' } },
      waiter.cookie,
    );
    for (const path of [`/invoices/outlet/${paid.id}`, `/invoices/outlet/${paid.id}/receipt`]) {
      expect((await page(path, waiter.cookie)).status, path).toBe(200);
      expect((await page(path, await staffCookie())).status, path).toBe(200);
      expect((await page(path, other.cookie)).status, path).toBe(404);
      expect((await page(path, (await guest()).cookie)).status, path).toBe(404);
      const signedOut = await page(path);
      expect(signedOut.status, path).toBe(404);
      expect(signedOut.html).toMatch(/[\u0600-\u06ff]/);
      expect(signedOut.html).not.toContain('Oasis');
    }
    expect((await page('/invoices/outlet/99999999/receipt', waiter.cookie)).status).toBe(404);
    expect((await page('/invoices/outlet/abc/receipt', waiter.cookie)).status).toBe(404);
    expect((await page('/invoices/outlet/1e3', waiter.cookie)).status).toBe(404);
  });
});
