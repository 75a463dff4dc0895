// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// What the landing page makes ready at idle once the app has started (decision 099), counted in
// the order it is asked for. The panels' and the booking form's own modules are stand-ins here: what
// is tested is which parts are made ready, and in which order, not their code.
const prepared = vi.hoisted(() => [] as string[]);
vi.mock('@/features/bookings/components/booking-flow-provider', () => ({
  preloadBookingForms: () => undefined,
  prepareBookingForm: () => {
    prepared.push('booking-form');
    return Promise.resolve();
  },
}));
vi.mock('@/components/aria-scope/aria-scope', () => ({
  prepareAriaScope: () => Promise.resolve(),
}));
vi.mock('@/lib/i18n', async (original) => ({
  ...(await original<typeof import('@/lib/i18n')>()),
  loadAllMessages: () => Promise.resolve(),
}));
const panel = (name: string, extra = {}) => ({
  default: (() => {
    prepared.push(name);
    return () => null;
  })(),
  ...extra,
});
vi.mock('@/features/rooms/components/quick-booking-panel', () =>
  panel('quick', { prefetchPanelData: () => prepared.push('quick-data') }),
);
vi.mock('@/features/rooms/components/offers-panel', () => panel('offers'));
vi.mock('@/features/events/components/events-panel', () => panel('events'));
vi.mock('@/features/services/components/services-panel', () => panel('services'));
vi.mock('@/features/assistant/components/assistant-modal', () => panel('assistant'));
vi.mock('@/features/reviews/components/reviews-section', () => panel('reviews'));
vi.mock('./landing-screen', () => ({
  PANELS: ['assistant', 'quick', 'events', 'offers', 'services'],
}));

describe('the landing page at idle once the app has started', () => {
  beforeEach(() => {
    prepared.length = 0;
    // Every idle moment comes at once.
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => setTimeout(callback, 0));
    vi.stubGlobal('cancelIdleCallback', (id: number) => clearTimeout(id));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('makes a room’s booking form ready right after the quick booking and services panels', async () => {
    const { preparePanelsAtIdle } = await import('./landing-panels');
    // (The modules are evaluated as they are first imported: only what is asked for is counted.)
    prepared.length = 0;
    preparePanelsAtIdle();
    await vi.waitFor(() => expect(prepared).toContain('assistant'));
    const order = prepared.filter((name) => name !== 'quick-data');
    expect(order.slice(0, 3)).toEqual(['quick', 'services', 'booking-form']);
    // The quick booking panel's rooms' data is asked for beside its code.
    expect(prepared).toContain('quick-data');
  });
});

describe('the events panel made ready (which draws are open)', () => {
  let answer: (value: Response) => void;
  beforeEach(async () => {
    const { queryClient } = await import('@/lib/query-client');
    queryClient.clear();
    // The settings' request answers only when the test says so.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  const settings = [{ eventType: 'photography' as const, isEnabled: false, requirePhoneVerification: false }];
  // Whether the panel is ready `ms` after it was asked for (its code already imported: a busy
  // machine's first import is not the wait tested; the settings' wait is a second at most).
  const readyWithin = async (ms: number) => {
    const { preparePanel } = await import('./landing-panels');
    await import('@/features/events/components/events-panel');
    let ready = false;
    void preparePanel('events').then(() => (ready = true));
    await new Promise((resolve) => setTimeout(resolve, ms));
    return () => ready;
  };

  it('waits for them when the phone knows none and is online', async () => {
    const ready = await readyWithin(300);
    expect(ready()).toBe(false);
    answer(Response.json(settings));
    await vi.waitFor(() => expect(ready()).toBe(true));
    const { queryClient } = await import('@/lib/query-client');
    const { eventSettingsQueryOptions } = await import('@/entities/events/get-event-settings');
    expect(queryClient.getQueryData(eventSettingsQueryOptions().queryKey)).toEqual(settings);
  });

  it('does not wait when they are cached (refreshed behind) or the phone is offline', async () => {
    const { queryClient } = await import('@/lib/query-client');
    const { eventSettingsQueryOptions } = await import('@/entities/events/get-event-settings');
    queryClient.setQueryData(eventSettingsQueryOptions().queryKey, settings);
    expect((await readyWithin(300))()).toBe(true);
    queryClient.clear();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect((await readyWithin(300))()).toBe(true);
  });
});
