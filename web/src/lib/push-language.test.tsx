// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from './i18n';
import { refreshPushLanguage } from './push';

/**
 * The language switch re-sends this device's push subscription so its notifications follow the
 * language. The browser's push machinery is the browser's: stood in for here.
 */
const subscription = {
  endpoint: 'https://push.example/abc',
  toJSON: () => ({ endpoint: 'https://push.example/abc', keys: { p256dh: 'p', auth: 'a' } }),
};
let permission: NotificationPermission = 'granted';
let sent: { url: string; language: string | null; body: string }[] = [];

beforeEach(() => {
  sent = [];
  vi.stubGlobal('Notification', {
    get permission() {
      return permission;
    },
  });
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => ({ pushManager: { getSubscription: async () => subscription } }) },
  });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(new URL(String(input), 'http://127.0.0.1/'), init);
    sent.push({
      url: request.url,
      language: request.headers.get('Accept-Language'),
      body: await request.text(),
    });
    return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('refreshPushLanguage', () => {
  it('re-sends the subscription in the language now active', async () => {
    await activateLanguage('en');
    await refreshPushLanguage();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toMatch(/\/api\/push\/subscriptions$/);
    expect(sent[0]!.language).toBe('en');
    expect(JSON.parse(sent[0]!.body)).toMatchObject({ endpoint: subscription.endpoint });
  });

  it('sends nothing where notifications are not allowed', async () => {
    permission = 'default';
    await refreshPushLanguage();
    expect(sent).toHaveLength(0);
    permission = 'granted';
  });
});
