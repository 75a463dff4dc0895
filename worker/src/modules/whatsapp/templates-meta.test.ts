import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { call } from '@worker-test/helpers';
import { json, staffCookie, uniquePhone } from '@worker-test/builders';
import { FAKE_WHATSAPP } from './config';
import { FAKE_TEMPLATES, templateRefusal } from './fake/templates';

/**
 * Templates as Meta makes them (fake/README.md quotes the documents): authored in `en_US` or
 * `en_GB`, with named parameters, a text or media header's variable, URL buttons' variables and
 * quick replies, read from the template list and sent with Meta's send-time components; the fake
 * makes and sends them under Meta's rules and refuses what Meta refuses; `to` with `+`.
 */
const graph = `/dev/whatsapp/graph/${FAKE_WHATSAPP.version}`;
const bearer = { authorization: `Bearer ${FAKE_WHATSAPP.token}` };

/** Makes a template at the fake's WhatsApp Manager (Meta's creation endpoint). */
const makeTemplate = (template: Record<string, unknown>) =>
  call(`${graph}/${FAKE_WHATSAPP.businessAccountId}/message_templates`, {
    method: 'POST',
    headers: bearer,
    json: { category: 'UTILITY', ...template },
  });

const refreshed = async () => {
  const res = await call('/api/admin/whatsapp/templates/refresh', {
    method: 'POST',
    cookie: await staffCookie(),
  });
  expect(res.status, await res.clone().text()).toBe(200);
};

const consentTo = (phone: string) =>
  env.DB.prepare(
    "insert or replace into whatsapp_consents (phone, opted_in, source, changed_at) values (?, 1, 'profile', ?)",
  )
    .bind(phone, Date.now())
    .run();

const staffSends = async (phone: string, content: Record<string, unknown>) =>
  call('/api/admin/whatsapp/messages', {
    method: 'POST',
    cookie: await staffCookie(),
    json: { phone, ...content },
  });

type Sent = { wamid: string; to: string; waId: string; payload: { template: Record<string, unknown> } };
const lastSentTo = async (phone: string) =>
  ((await json<Sent[]>(await call('/api/dev/whatsapp/sent'))).find((s) => s.waId === phone) ??
    null) as Sent | null;

describe('templates as Meta makes them', () => {
  it('an en_GB template with named parameters, a header variable and buttons: read, then sent as Meta describes', async () => {
    const made = await makeTemplate({
      name: 'stay_ready',
      language: 'en_GB',
      parameter_format: 'NAMED',
      components: [
        { type: 'HEADER', format: 'TEXT', text: 'Your stay on {{arrival_date}}' },
        {
          type: 'BODY',
          text: 'Hello {{guest_name}}, your {{room_name}} is ready for you. Open your booking below to see the details.',
        },
        { type: 'FOOTER', text: 'Al Maabila Hotel' },
        {
          type: 'BUTTONS',
          buttons: [
            { type: 'URL', text: 'Open booking', url: 'https://hotel.example/b/{{1}}' },
            { type: 'QUICK_REPLY', text: 'Stop updates' },
          ],
        },
      ],
    });
    expect(made.status, await made.clone().text()).toBe(200);
    await refreshed();
    const list = await json<{ templates: { name: string; language: string; parameterCount: number }[] }>(
      await call('/api/admin/whatsapp/templates', { cookie: await staffCookie() }),
    );
    expect(list.templates.find((t) => t.name === 'stay_ready')).toMatchObject({
      language: 'en_GB',
      parameterCount: 4,
    });

    const phone = uniquePhone();
    await consentTo(phone);
    // The app's English finds the template authored in en_GB; its values in its fields' order.
    const short = await staffSends(phone, {
      template: 'stay_ready',
      language: 'en',
      parameters: ['3 December'],
    });
    expect(short.status).toBe(422);
    const sent = await staffSends(phone, {
      template: 'stay_ready',
      language: 'en',
      parameters: ['3 December', 'Aisha', 'sea view suite', 'KQ7MXPA'],
    });
    expect(sent.status, await sent.clone().text()).toBe(201);
    const got = await lastSentTo(phone);
    expect(got!.to).toBe(`+${phone}`);
    expect(got!.payload.template).toEqual({
      name: 'stay_ready',
      language: { code: 'en_GB' },
      components: [
        {
          type: 'header',
          parameters: [{ type: 'text', parameter_name: 'arrival_date', text: '3 December' }],
        },
        {
          type: 'body',
          parameters: [
            { type: 'text', parameter_name: 'guest_name', text: 'Aisha' },
            { type: 'text', parameter_name: 'room_name', text: 'sea view suite' },
          ],
        },
        { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: 'KQ7MXPA' }] },
        {
          type: 'button',
          sub_type: 'quick_reply',
          index: '1',
          parameters: [{ type: 'payload', payload: 'stay_ready:1' }],
        },
      ],
    });
    // What the guest reads, on their thread: the header, the body and the footer with the values in.
    const kept = await env.DB.prepare(
      "select body from whatsapp_messages where phone = ? and direction = 'out'",
    )
      .bind(phone)
      .first<{ body: string }>();
    expect(kept!.body).toBe(
      'Your stay on 3 December\n\nHello Aisha, your sea view suite is ready for you. Open your booking below to see the details.\n\nAl Maabila Hotel',
    );
  });

  it('an en_US template with an image header: its link sent as Meta asks, an address that is not https refused', async () => {
    const made = await makeTemplate({
      name: 'spa_menu',
      language: 'en_US',
      components: [
        { type: 'HEADER', format: 'IMAGE' },
        { type: 'BODY', text: 'Welcome {{1}}, here is the spa menu for your stay with us this week.' },
      ],
    });
    expect(made.status, await made.clone().text()).toBe(200);
    await refreshed();
    const phone = uniquePhone();
    await consentTo(phone);
    const plain = await staffSends(phone, {
      template: 'spa_menu',
      language: 'en_US',
      parameters: ['http://hotel.example/spa.jpg', 'Salim'],
    });
    expect(plain.status).toBe(422);
    const sent = await staffSends(phone, {
      template: 'spa_menu',
      language: 'en_US',
      parameters: ['https://hotel.example/spa.jpg', 'Salim'],
    });
    expect(sent.status, await sent.clone().text()).toBe(201);
    expect((await lastSentTo(phone))!.payload.template).toMatchObject({
      language: { code: 'en_US' },
      components: [
        { type: 'header', parameters: [{ type: 'image', image: { link: 'https://hotel.example/spa.jpg' } }] },
        { type: 'body', parameters: [{ type: 'text', text: 'Salim' }] },
      ],
    });
  });
});

describe("the fake keeps Meta's rules for templates", () => {
  it('its own templates are ones Meta would take', () => {
    for (const t of FAKE_TEMPLATES) expect(templateRefusal(t), `${t.name} ${t.language}`).toBeNull();
  });

  it.each([
    [
      'a body that starts with a variable',
      { components: [{ type: 'BODY', text: '{{1}} is waiting for you at the desk today.' }] },
    ],
    [
      'a body that ends with a variable',
      { components: [{ type: 'BODY', text: 'Your room at the hotel is ready, {{1}}' }] },
    ],
    [
      'variables next to each other',
      { components: [{ type: 'BODY', text: 'Hello {{1}} {{2}}, your room is ready for you now.' }] },
    ],
    [
      'variables out of sequence',
      { components: [{ type: 'BODY', text: 'Hello {{1}}, your room {{3}} is ready for you now.' }] },
    ],
    [
      'too many variables for its length',
      { components: [{ type: 'BODY', text: 'Hi {{1}} and {{2}} or {{3}} now.' }] },
    ],
    [
      'mismatched braces',
      { components: [{ type: 'BODY', text: 'Hello {{1}, your room is ready for you now.' }] },
    ],
    [
      'a named parameter in capitals',
      {
        parameter_format: 'NAMED',
        components: [{ type: 'BODY', text: 'Hello {{GuestName}}, your room is ready for you now.' }],
      },
    ],
    [
      'two variables in a text header',
      {
        components: [
          { type: 'HEADER', format: 'TEXT', text: 'Stay {{1}} to {{2}}' },
          { type: 'BODY', text: 'Hello {{1}}, your room is ready for you now.' },
        ],
      },
    ],
    [
      "a URL button's variable not at its end",
      {
        components: [
          { type: 'BODY', text: 'Your booking is ready to view on our site.' },
          {
            type: 'BUTTONS',
            buttons: [{ type: 'URL', text: 'Open', url: 'https://hotel.example/{{1}}/view' }],
          },
        ],
      },
    ],
    [
      'a quick reply with a variable',
      {
        components: [
          { type: 'BODY', text: 'Would you like a late check-out tomorrow?' },
          { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Yes {{1}}' }] },
        ],
      },
    ],
    [
      'a language WhatsApp does not offer',
      { language: 'xx', components: [{ type: 'BODY', text: 'Welcome to the hotel.' }] },
    ],
  ])('refuses %s, in Meta’s error shape', async (_what, over) => {
    const res = await makeTemplate({ name: 'refused_one', language: 'en_US', ...over });
    expect(res.status).toBe(400);
    const body = await json<{ error: { code: number; type: string; error_user_msg: string } }>(res);
    expect(body.error).toMatchObject({ code: 100, type: 'OAuthException' });
    expect(body.error.error_user_msg.length).toBeGreaterThan(10);
  });

  it('refuses at send time what Meta refuses: a missing or extra value, a positional value for a named one, a line break', async () => {
    const made = await makeTemplate({
      name: 'named_check',
      language: 'en_US',
      parameter_format: 'NAMED',
      components: [
        { type: 'BODY', text: 'Hello {{guest_name}}, your room {{room}} is ready for you today.' },
      ],
    });
    expect(made.status).toBe(200);
    const send = (parameters: unknown[]) =>
      call(`${graph}/${FAKE_WHATSAPP.phoneNumberId}/messages`, {
        method: 'POST',
        headers: bearer,
        json: {
          messaging_product: 'whatsapp',
          to: '+968 9123-4567',
          type: 'template',
          template: {
            name: 'named_check',
            language: { code: 'en_US' },
            components: [{ type: 'body', parameters }],
          },
        },
      });
    const named = (name: string, text: string) => ({ type: 'text', parameter_name: name, text });
    const codeOf = async (res: Response) => (await json<{ error: { code: number } }>(res)).error.code;
    expect(await codeOf(await send([named('guest_name', 'Aisha')]))).toBe(132000);
    expect(
      await codeOf(
        await send([
          { type: 'text', text: 'Aisha' },
          { type: 'text', text: '12' },
        ]),
      ),
    ).toBe(132012);
    expect(await codeOf(await send([named('guest_name', 'Aisha\nAl Said'), named('room', '12')]))).toBe(
      132018,
    );
    const ok = await send([named('guest_name', 'Aisha'), named('room', '12')]);
    expect(ok.status, await ok.clone().text()).toBe(200);
    // `to` with `+`, spaces and a dash, as Meta takes it: its wa_id is the digits.
    expect(await json(ok)).toMatchObject({ contacts: [{ input: '+968 9123-4567', wa_id: '96891234567' }] });
    // The language must be the template's own: `en` does not find an `en_US` template.
    const wrongLanguage = await call(`${graph}/${FAKE_WHATSAPP.phoneNumberId}/messages`, {
      method: 'POST',
      headers: bearer,
      json: {
        messaging_product: 'whatsapp',
        to: '+96891234567',
        type: 'template',
        template: { name: 'named_check', language: { code: 'en' }, components: [] },
      },
    });
    expect(await codeOf(wrongLanguage)).toBe(132001);
  });
});
