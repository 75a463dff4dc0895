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
