import { beforeAll, describe, expect, it } from 'vitest';
import { call, logIn, signUp } from '@worker-test/helpers';

/**
 * The live socket is a GET, which the API's cross-site check (Origin on state-changing requests)
 * leaves alone; a page of another site could open it with the visitor's cookie and hear of every
 * thread (the attack of docs/security/attack-2026-11-27.md: `?as=staff` with a desk's session and
 * `Origin: https://evil.example` opened). A browser always names the page's origin on a WebSocket
 * handshake: another site's is refused (403), the app's own and a client without Origin answer as before.
 */
let staff = '';
beforeAll(async () => {
  staff = (await logIn('staff@example.com', 'change-me-staff')).cookie;
});

const open = (path: string, cookie: string, origin?: string) =>
  call(path, { cookie, headers: { upgrade: 'websocket', ...(origin ? { origin } : {}) } });

describe('the live socket from another site', () => {
  it('is refused for staff and for a guest; the app’s own origin opens it', async () => {
    const evil = await open('/api/live?as=staff', staff, 'https://evil.example');
    expect(evil.status).toBe(403);
    expect(evil.webSocket).toBeNull();
    const guest = await signUp('Cross Site Guest');
    expect((await open('/api/live', guest.cookie, 'https://evil.example')).status).toBe(403);
    const own = await open('/api/live?as=staff', staff);
    expect(own.status).toBe(101);
    own.webSocket!.accept();
    own.webSocket!.close();
  });
});
