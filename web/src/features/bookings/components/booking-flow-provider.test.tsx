// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BookingFlow, useBookingFlow } from '@/entities/bookings/booking-flow';
import { roomInventoryQueryOptions } from '@/entities/rooms/get-room-inventory';
import { i18n } from '@/lib/i18n';
import { messages as en } from '@/locales/en.po';
import { BookingFlowProvider } from './booking-flow-provider';

const tonight = (silverLeft: number) =>
  (['silver', 'gold', 'diamond', 'deluxe'] as const).map((roomType) => ({
    roomType,
    availableCount: roomType === 'silver' ? silverLeft : 5,
    totalCount: 20,
    maxCapacity: 2,
  }));

let flows: BookingFlow[] = [];
function Starter() {
  const flow = useBookingFlow();
  flows.push(flow);
  return (
    <button type="button" onClick={() => flow.bookRoom('silver')}>
      Book silver
    </button>
  );
}

// jsdom has no CSS.escape, which react-aria's modal uses.
globalThis.CSS ??= { escape: (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`) } as typeof CSS;

beforeEach(() => {
  i18n.loadAndActivate({ locale: 'en', messages: en as never });
  flows = [];
});
afterEach(cleanup);

describe('BookingFlowProvider', () => {
  it(
    'keeps the same flow while tonight’s counts change, and starts from the newest counts',
    { timeout: 30_000 },
    async () => {
      const queryClient = new QueryClient();
      const key = roomInventoryQueryOptions().queryKey;
      queryClient.setQueryData(key, tonight(3));
      render(
        <I18nProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            <BookingFlowProvider>
              <Starter />
            </BookingFlowProvider>
          </QueryClientProvider>
        </I18nProvider>,
      );

      // The landing page under the provider is not rendered again when the counts arrive or change.
      // TanStack Query tells its observers in a later task: that task runs inside act, so any render
      // the change causes has happened before the count below.
      await act(async () => {
        queryClient.setQueryData(key, tonight(0));
        await new Promise((resolve) => setTimeout(resolve, 50));
      });
      expect(flows).toHaveLength(1);

      // Yet the guest who presses Book Now now gets the sold-out dialog: the newest counts decide.
      // The dialog is a lazy chunk with react-aria (about 0.9 s to transform and load alone here, more
      // on a loaded CI machine): it is waited for longer than findBy's default second.
      fireEvent.click(screen.getByRole('button', { name: 'Book silver' }));
      expect(await screen.findByText(/is sold out/, undefined, { timeout: 15_000 })).toBeTruthy();
      expect(flows).toHaveLength(1);
    },
  );
});
