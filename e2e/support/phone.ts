import { expect, type APIRequestContext } from '@playwright/test';

/** The newest code sent to a phone (the dev outbox of SMS / WhatsApp messages, development only). */
export async function latestPhoneCode(request: APIRequestContext, phone: string): Promise<string> {
  const res = await request.get(`/api/dev/messages?to=${encodeURIComponent(phone)}`);
  expect(res.ok(), await res.text()).toBe(true);
  const [message] = (await res.json()) as { text: string }[];
  const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
  if (!code) throw new Error(`no code sent to ${phone}`);
  return code;
}

/**
 * Proves a phone through the real API, as the app's code step does (request a code, read it
 * from the dev outbox, verify it), so a journey about something else enters the draw without
 * the screens. With `page.request` (the page's context) the proof cookie is the page's too.
 */
export async function provePhone(request: APIRequestContext, phone: string): Promise<void> {
  const sent = await request.post('/api/phone-verification/request', { data: { phoneNumber: phone } });
  expect(sent.status(), await sent.text()).toBe(200);
  const verified = await request.post('/api/phone-verification/verify', {
    data: { phoneNumber: phone, verificationCode: await latestPhoneCode(request, phone) },
  });
  expect(verified.status(), await verified.text()).toBe(200);
}
