import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { adminCookie as admin } from '@worker-test/builders';
import { call, logIn, signUp } from '@worker-test/helpers';

type Entry = { id: number; question: string; answer: string; keywords: string[]; isActive: boolean };

async function ask(message: string, language: 'ar' | 'en' = 'en') {
  const res = await call('/api/chat', {
    method: 'POST',
    headers: { 'cf-connecting-ip': `10.13.0.${Math.floor(Math.random() * 250) + 1}` },
    json: { message, sessionId: `qa-${crypto.randomUUID()}`, language },
  });
  return ((await res.json()) as { response: string }).response;
}

describe('/api/admin/custom-chat-qa', () => {
  it('is for admins only: signed out 401, guests and staff 403, for reads and writes', async () => {
    const guest = await signUp('QA Outsider');
    const staff = (await logIn('staff@example.com', 'change-me-staff')).cookie;
    for (const cookie of [undefined, guest.cookie, staff]) {
      const expected = cookie ? 403 : 401;
      expect((await call('/api/admin/custom-chat-qa', { cookie })).status).toBe(expected);
      expect(
        (
          await call('/api/admin/custom-chat-qa', {
            method: 'POST',
            cookie,
            json: { question: 'q', answer: 'a' },
          })
        ).status,
      ).toBe(expected);
      expect(
        (await call('/api/admin/custom-chat-qa/1', { method: 'PUT', cookie, json: { isActive: false } }))
          .status,
      ).toBe(expected);
      expect((await call('/api/admin/custom-chat-qa/1', { method: 'DELETE', cookie })).status).toBe(expected);
    }
    // The spec's non-admin variant takes no writes at all.
    expect(
      (
        await call('/api/custom-chat-qa', {
          method: 'POST',
          cookie: guest.cookie,
          json: { question: 'q', answer: 'a' },
        })
      ).status,
    ).toBe(404);
  });

  it('adds, switches off, edits and deletes an entry, each audited, and the assistant follows', async () => {
    const cookie = await admin();
    const question = 'Do you have a kids club?';
    expect(await ask('kids club')).not.toContain('Little Explorers');

    const created = await call('/api/admin/custom-chat-qa', {
      method: 'POST',
      cookie,
      json: {
        question,
        answer: 'Yes, the Little Explorers club is open 9 to 5.',
        keywords: [' kids ', '', 'children'],
      },
    });
    expect(created.status).toBe(201);
    const { entry } = (await created.json()) as { entry: Entry };
    expect(entry.keywords).toEqual(['kids', 'children']);
    expect(await ask('Is there a kids club?')).toContain('Little Explorers');

    const off = await call(`/api/admin/custom-chat-qa/${entry.id}`, {
      method: 'PUT',
      cookie,
      json: { question, answer: entry.answer, keywords: entry.keywords, isActive: false },
    });
    expect(off.status).toBe(200);
    expect(await ask('Is there a kids club?')).not.toContain('Little Explorers');
    const publicList = (await (await call('/api/custom-chat-qa')).json()) as { id: number }[];
    expect(publicList.some((e) => e.id === entry.id)).toBe(false);

    const edited = await call(`/api/admin/custom-chat-qa/${entry.id}`, {
      method: 'PUT',
      cookie,
      json: {
        question,
        answer: 'Yes, the Sea Turtles club is open 9 to 5.',
        keywords: ['kids'],
        isActive: true,
      },
    });
    expect(edited.status).toBe(200);
    expect(await ask('Is there a kids club?')).toContain('Sea Turtles');

    expect((await call(`/api/admin/custom-chat-qa/${entry.id}`, { method: 'DELETE', cookie })).status).toBe(
      200,
    );
    expect(await ask('Is there a kids club?')).not.toContain('Sea Turtles');
    expect((await call(`/api/admin/custom-chat-qa/${entry.id}`, { method: 'DELETE', cookie })).status).toBe(
      404,
    );

    const audit = await env.DB.prepare(
      `select action from audit_log where entity_type = 'chat_qa' and entity_id = ? order by id`,
    )
      .bind(String(entry.id))
      .all<{ action: string }>();
    expect(audit.results.map((r) => r.action)).toEqual([
      'chat_qa.create',
      'chat_qa.update',
      'chat_qa.update',
      'chat_qa.delete',
    ]);
  });

  it('makes keywords from the question when none are given', async () => {
    const cookie = await admin();
    const res = await call('/api/admin/custom-chat-qa', {
      method: 'POST',
      cookie,
      json: { question: 'هل يوجد مغسلة ملابس؟', answer: 'نعم، في الطابق الثاني.' },
    });
    const { entry } = (await res.json()) as { entry: Entry };
    expect(entry.keywords).toEqual(['مغسله', 'ملابس']);
    expect(await ask('أين مغسلة الملابس', 'ar')).toContain('الطابق الثاني');
  });

  it('refuses blank, missing, oversized and malformed input with 400 in the request language', async () => {
    const cookie = await admin();
    const post = (json: unknown) =>
      call('/api/admin/custom-chat-qa', { method: 'POST', cookie, lang: 'ar', json });
    for (const body of [
      { question: '   ', answer: 'a' },
      { question: 'q', answer: '  ' },
      { answer: 'a' },
      { question: 'q'.repeat(501), answer: 'a' },
      { question: 'q', answer: 'a', keywords: 'not a list' },
      { question: 'q', answer: 'a', isActive: 'yes' },
    ]) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = ((await res.json()) as { error: { message: string } }).error;
      expect(error.message).toBe('بعض الحقول غير صحيحة');
    }
    expect(
      (await call('/api/admin/custom-chat-qa/999999', { method: 'PUT', cookie, json: { isActive: true } }))
        .status,
    ).toBe(404);
    expect(
      (await call('/api/admin/custom-chat-qa/abc', { method: 'PUT', cookie, json: { isActive: true } }))
        .status,
    ).toBe(400);
    const blankEdit = await call('/api/admin/custom-chat-qa/1', {
      method: 'PUT',
      cookie,
      json: { answer: ' ' },
    });
    expect(blankEdit.status).toBe(400);
  });

  it('answers an unchanged poll with 304 and a changed one with the list', async () => {
    const cookie = await admin();
    const first = await call('/api/admin/custom-chat-qa', { cookie });
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect(
      (await call('/api/admin/custom-chat-qa', { cookie, headers: { 'if-none-match': etag } })).status,
    ).toBe(304);
    await call('/api/admin/custom-chat-qa', {
      method: 'POST',
      cookie,
      json: { question: 'Late snack?', answer: 'Until 1 am.' },
    });
    expect(
      (await call('/api/admin/custom-chat-qa', { cookie, headers: { 'if-none-match': etag } })).status,
    ).toBe(200);
  });

  it('answers a real database failure with 500 and the refusal the admin can fix with 400', async () => {
    const cookie = await admin();
    const post = () =>
      call('/api/admin/custom-chat-qa', {
        method: 'POST',
        cookie,
        json: { question: 'Is there a gym?', answer: 'On the roof.' },
      });
    const failWith = (message: string) =>
      env.DB.prepare(
        `create trigger qa_test_failure before insert on custom_chat_qa begin select raise(abort, '${message}'); end`,
      ).run();
    const restore = () => env.DB.prepare('drop trigger if exists qa_test_failure').run();
    try {
      // Not the admin's fault (here a stand-in for a broken database): a 500, not "some fields are wrong".
      await failWith('disk_io_error');
      const broken = await post();
      expect(broken.status).toBe(500);
      expect(((await broken.json()) as { error: { code: string } }).error.code).toBe('internal_error');
      await restore();
      // The blank-entry constraint (migration 0012) stays a 400 on its field.
      await failWith('qa_blank');
      const refused = await post();
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: { code: string; fields: object } }).error).toMatchObject({
        code: 'validation_failed',
        fields: { answer: expect.any(String) },
      });
    } finally {
      await restore();
    }
  });

  it('never lets an entry say whether a non-refundable rate is sold: the plans say it, in both languages', async () => {
    await env.DB.prepare(
      `insert into custom_chat_qa (question, answer, keywords, is_active, created_at, updated_at)
       values ('Do you have a non-refundable rate?', 'No, never.', '[]', 1, 1, 1),
              ('هل لديكم سعر غير قابل للاسترداد؟', 'لا أبداً.', '[]', 1, 1, 1)`,
    ).run();
    const en = await ask('Do you have a non-refundable rate?');
    expect(en).not.toContain('No, never.');
    expect(en).toContain('• Non-refundable: ');
    const ar = await ask('هل لديكم سعر غير قابل للاسترداد؟', 'ar');
    expect(ar).not.toContain('لا أبداً.');
    expect(ar).toContain('• سعر غير قابل للاسترداد: ');
    // Any other question is still the hotel's own answer first.
    expect(await ask('Is there parking?')).toContain('parking');
  });

  it('the database itself refuses a blank question or answer', async () => {
    await expect(
      env.DB.prepare(`insert into custom_chat_qa (question, answer) values ('  ', 'x')`).run(),
    ).rejects.toThrow(/qa_blank/);
  });
});
