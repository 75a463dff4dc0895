import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { bookingKeys } from '@/entities/bookings/booking-keys';
import { authKeys } from './auth-keys';
import { clearLocalData } from './logout';

/**
 * A booking this device was granted (a lookup or an e-mail's signed link) is not the
 * account's data: logging out keeps its page (offline too), and drops what only the account saw.
 */
describe('clearLocalData at logout', () => {
  it("keeps the bookings granted to the device and drops the account's", async () => {
    const client = new QueryClient();
    const granted = { booking: { reference: 'K7MQ4PX' }, deviceGrant: true };
    client.setQueryData(bookingKeys.managed('K7MQ4PX'), granted);
    client.setQueryData(bookingKeys.managed('ABCDEFG'), {
      booking: { reference: 'ABCDEFG' },
      deviceGrant: false,
    });
    client.setQueryData(bookingKeys.managed('HJKMNPQ'), null);
    client.setQueryData(bookingKeys.mine(), [{ reference: 'ABCDEFG' }]);
    client.setQueryData(authKeys.me(), { id: 1 });

    await clearLocalData(client);

    expect(client.getQueryData(bookingKeys.managed('K7MQ4PX'))).toEqual(granted);
    expect(client.getQueryData(bookingKeys.managed('ABCDEFG'))).toBeUndefined();
    expect(client.getQueryData(bookingKeys.managed('HJKMNPQ'))).toBeUndefined();
    expect(client.getQueryData(bookingKeys.mine())).toBeUndefined();
    expect(client.getQueryData(authKeys.me())).toBeNull();
  });
});
