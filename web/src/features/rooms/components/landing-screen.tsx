import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../../components/ui/button';
import { useRoomInventory } from '../api/get-room-inventory';
import { useRooms } from '../api/get-rooms';
import { RoomTierCard } from './room-tier-card';

/**
 * The landing page (/ and /hotel): the welcome banner, the four room tiers
 * with prices from the API, and the cards of the panels still being built.
 */
export function LandingScreen() {
  const { t } = useLingui();
  const rooms = useRooms();
  const inventory = useRoomInventory();
  const left = new Map(inventory.data?.map((row) => [row.roomType, row.availableCount]));

  const upcoming = [
    {
      key: 'assistant',
      title: t`AI assistant`,
      text: t`Ask anything about the hotel or book a room in a chat.`,
    },
    { key: 'quick', title: t`Quick booking`, text: t`Send a booking request in one short form.` },
    {
      key: 'events',
      title: t`Current events`,
      text: t`Monthly prize draws: photography, location sharing, hotel rating.`,
    },
    {
      key: 'offers',
      title: t`Special offers and discounts`,
      text: t`This month's exclusive room offers with galleries.`,
    },
    { key: 'services', title: t`Nearby services`, text: t`Restaurants, massage and spa around the hotel.` },
  ];

  return (
    <main className="mx-auto flex max-w-6xl flex-col gap-10 px-4 py-8">
      <section className="rounded-3xl bg-teal-700 px-6 py-10 text-white shadow-md sm:px-10">
        <h1 className="text-3xl font-bold sm:text-4xl">
          <Trans>Welcome to Al Maabila Hotel</Trans>
        </h1>
        <p className="mt-3 max-w-2xl text-lg text-sand-100">
          <Trans>Book your room, earn loyalty points and join our monthly prize draws.</Trans>
        </p>
      </section>

      <section aria-labelledby="rooms-heading" className="flex flex-col gap-4">
        <h2 id="rooms-heading" className="text-2xl font-bold text-teal-800">
          <Trans>Our rooms</Trans>
        </h2>
        {rooms.isPending && (
          <p role="status" className="text-slate-700">
            <Trans>Loading rooms…</Trans>
          </p>
        )}
        {rooms.isError && (
          <div role="alert" className="flex flex-col items-start gap-3 rounded-xl bg-red-50 p-4 text-red-800">
            <p>
              <Trans>The rooms could not be loaded. Check your connection and try again.</Trans>
            </p>
            <Button variant="secondary" onPress={() => void rooms.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        )}
        {rooms.data && (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {rooms.data.map((room) => (
              <RoomTierCard key={room.roomType} room={room} roomsLeft={left.get(room.roomType)} />
            ))}
          </div>
        )}
      </section>

      <section aria-labelledby="coming-heading" className="flex flex-col gap-4">
        <h2 id="coming-heading" className="text-2xl font-bold text-teal-800">
          <Trans>Coming soon to this app</Trans>
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {upcoming.map((card) => (
            <li key={card.key} className="rounded-2xl border border-dashed border-teal-700/40 bg-white p-4">
              <h3 className="font-semibold text-slate-900">{card.title}</h3>
              <p className="text-sm text-slate-700">{card.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
