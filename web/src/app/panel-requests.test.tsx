import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { TAKE_STARTED_REQUEST } from '@/lib/started-requests';
import { roomKeys } from '@/entities/rooms/room-keys';
import { prefetchPanelData } from '@/features/rooms/components/quick-booking-panel';
import { PANEL_REQUESTS_ASKED, START_PANEL_REQUESTS, startPanelRequests } from './panel-requests';

/** The requests the browser was asked for (path and query, and their language). */
let sent: string[] = [];
const pathOf = (input: RequestInfo | URL) => {
  const url = new URL(input instanceof Request ? input.url : input, location.href);
  return url.pathname + url.search;
};
const answers: Record<string, unknown> = {
  '/api/room-types': [{ code: 'gold' }, { code: 'silver' }],
  '/api/room-list?roomType=gold': { rooms: [] },
};

/** How long a wait for what follows from an answer may take on a busy machine (the whole suite). */
const WAIT = { timeout: 5_000 };

/** Until every answer asked for so far has been read (the room list waits for the types). */
const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("the quick booking panel's requests started at the tap", () => {
  beforeEach(() => {
    sent = [];
    document.documentElement.lang = 'ar';
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push(`${pathOf(input)} ${new Headers(init?.headers).get('Accept-Language')}`);
      return Response.json(answers[pathOf(input)] ?? []);
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    delete (window as { [TAKE_STARTED_REQUEST]?: unknown })[TAKE_STARTED_REQUEST];
    delete (window as { [PANEL_REQUESTS_ASKED]?: unknown })[PANEL_REQUESTS_ASKED];
    queryClient.clear();
  });

  it('are the requests the panel makes, which it then takes rather than asks again', async () => {
    startPanelRequests('quick');
    // (Waited for: the numbered rooms are asked for once the types are read, later on a busy machine.)
    await vi.waitFor(
      () =>
        expect([...sent].sort()).toEqual([
          '/api/room-bed-inventory ar',
          '/api/room-list?roomType=gold ar',
          '/api/room-smoking-inventory ar',
          '/api/room-types ar',
        ]),
      WAIT,
    );
    // A second tap before the app has started: nothing asked again; nor by the panel, which takes them.
    sent = [];
    startPanelRequests('quick');
    prefetchPanelData();
    await vi.waitFor(() => {
      expect(queryClient.getQueryData(roomKeys.roomList('gold'))).toEqual({ rooms: [] });
      expect(queryClient.getQueryData(roomKeys.types())).toEqual(answers['/api/room-types']);
    }, WAIT);
    await settled();
    expect(sent).toEqual([]);
  });

  it('leaves the answers the page started before beside its own', async () => {
    const earlier = vi.fn(() => Promise.resolve(Response.json({ rooms: 'earlier' })));
    (window as { [TAKE_STARTED_REQUEST]?: unknown })[TAKE_STARTED_REQUEST] = earlier;
    startPanelRequests('quick');
    const take = (window as unknown as Record<string, (input: string, init: RequestInit) => unknown>)[
      TAKE_STARTED_REQUEST
    ]!;
    expect(take('/api/rooms', { headers: { 'Accept-Language': 'ar' } })).toBeDefined();
    expect(earlier).toHaveBeenCalledOnce();
    // (Its numbered rooms asked for within this test, not during the next one.)
    await vi.waitFor(() => expect(sent.some((s) => s.startsWith('/api/room-list?'))).toBe(true), WAIT);
  });

  it("asks for the nearby services' list and the events' settings for their panels, once each, and takes them as the app asks", async () => {
    startPanelRequests('services');
    startPanelRequests('events');
    startPanelRequests('services');
    await vi.waitFor(
      () => expect([...sent].sort()).toEqual(['/api/event-settings ar', '/api/services ar']),
      WAIT,
    );
    await settled();
    expect([...sent].sort()).toEqual(['/api/event-settings ar', '/api/services ar']);
    const take = (window as unknown as Record<string, (input: string, init: RequestInit) => unknown>)[
      TAKE_STARTED_REQUEST
    ]!;
    const init = { headers: { 'Accept-Language': 'ar' } };
    expect(take('/api/services', init)).toBeDefined();
    expect(take('/api/event-settings', init)).toBeDefined();
    // Taken once; the app then asks itself.
    expect(take('/api/services', init)).toBeUndefined();
  });

  it('asks for nothing for a panel without data of its own, or offline', async () => {
    startPanelRequests('offers');
    startPanelRequests('assistant');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    startPanelRequests('quick');
    startPanelRequests('services');
    await settled();
    expect(sent).toEqual([]);
    expect((window as { [TAKE_STARTED_REQUEST]?: unknown })[TAKE_STARTED_REQUEST]).toBeUndefined();
  });

  it('is what the rooms cards script leaves for the boot', async () => {
    expect(START_PANEL_REQUESTS).toBe('__startPanelRequests');
  });
});
