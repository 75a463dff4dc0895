import { describe, expect, it } from 'vitest';
import { call } from '@worker-test/helpers';

/**
 * The channel manager's webhook refused (its secret header missing or wrong): 401 with a code and
 * words of its own, in both languages; it is not a payment's notice.
 */
describe("the channel manager's webhook, refused", () => {
  it('says the channel notice was refused (Arabic and English), not a payment notification', async () => {
    const post = (lang: 'ar' | 'en', headers: Record<string, string> = {}) =>
      call('/api/channel/webhooks/channex', {
        method: 'POST',
        lang,
        headers: { 'x-channex-signature': 'not-the-secret', ...headers },
        json: { event: 'booking', payload: { revision_id: 'rev-1' } },
      });
    for (const lang of ['en', 'ar'] as const) {
      const res = await post(lang);
      expect(res.status).toBe(401);
      const { error } = (await res.json()) as { error: { code: string; message: string } };
      expect(error.code).toBe('channel_webhook_refused');
      expect(error.message).not.toMatch(/payment|الدفع/i);
      expect(error.message).toMatch(lang === 'en' ? /channel manager/ : /مدير القنوات/);
    }
  });
});
