import { useLingui } from '@lingui/react/macro';
import { memo, Suspense, useDeferredValue, useEffect, useLayoutEffect, useState } from 'react';
import { useRoomInventory } from '@/entities/rooms/get-room-inventory';
import { useRooms } from '@/entities/rooms/get-rooms';
import { landingLazy } from '@/lib/lazy';
import { LoadError } from '@/components/load-error';
import { DRAWN_PLACES, drawnPartLive } from '@/lib/drawn-parts';

// The cards are drawn only once the rooms have arrived from the API: their code (the card, its
// photos, prices and Book Now) is a chunk of its own, fetched beside that request rather than in
// the landing page's first script (decision 099).
const RoomTierList = landingLazy(
  () => import('./room-tier-list'),
  (module) => module.RoomTierList,
);

// The same object each render: React never writes into the place of the cards drawn before the app.
const EMPTY = { __html: '' };

/**
 * What the section takes over as it mounts: the prerendered page's (its place for the drawn cards is
 * in the document already), and whether the landing page drew the rooms there before the app, with
 * tonight's counts (app/rooms-draw.ts). Null when there is nothing to take over (a page rendered
 * afresh, the landing page reached again in the app).
 */
function takenOver(): { drawn: { counts: boolean } | null } | null {
  const place = typeof document === 'undefined' ? null : document.getElementById(DRAWN_PLACES.rooms[0]);
  if (!place) return null;
  return {
    drawn: place.firstChild ? { counts: !!place.querySelector('[data-testid="rooms-left"]') } : null,
  };
}

/** Fetches the cards' code; resolves once they render at once (the section does it as it mounts). */
export const preloadRoomCards = (): Promise<void> => RoomTierList.preload();

/**
 * The landing page's room types (the hotel's, in its order): prices from the API, rooms left tonight, and Book Now.
 * Memoized: the landing page renders again when the browser turns idle or the address changes,
 * and the cards need not.
 */
export const RoomTiersSection = memo(function RoomTiersSection() {
  const { t } = useLingui();
  const rooms = useRooms();
  const inventory = useRoomInventory();
  // The cards render in a background (sliced) render once the data arrives, not in one long
  // task that would hold up a tap on the page (Lighthouse's total blocking time). The list is
  // memoized on the deferred values, so the urgent render each answer causes (the inventory's
  // after the rooms') does not render the cards again with the old values first.
  // The cards the landing page drew before the app, with their prices (app/rooms-draw.ts; decision
  // 099, its addendum) stay until the app's own can replace them in one frame (room-tier-list.tsx):
  // with tonight's counts when the drawn ones had them, so that no badge goes and comes back.
  const [takeover] = useState(takenOver);
  const drawn = takeover?.drawn ?? null;
  // The first render that takes the prerendered page over (hydration) has no rooms even when they
  // have already arrived (a panel opened first asks for them: app/panel-first.tsx, at a slow CPU
  // before the page is taken over): it must be the prerendered page, or React finds other markup
  // than the server's and renders the section again from nothing (its error 418). The cards come
  // in the deferred render right after.
  const initial = takeover ? null : undefined;
  const roomList = useDeferredValue(rooms.data, initial) ?? undefined;
  const inventoryData = useDeferredValue(inventory.data, initial) ?? undefined;
  const ownReady = !!roomList && (!drawn?.counts || !!inventoryData || inventory.isError);
  useLayoutEffect(() => {
    if (!rooms.isError) return;
    document.getElementById(DRAWN_PLACES.rooms[0])?.replaceChildren();
    drawnPartLive('rooms');
  }, [rooms.isError]);
  useEffect(() => {
    preloadRoomCards().catch(() => undefined); // met again as it renders
  }, []);
  // (Hidden while the drawn cards are there: styles/app.css.)
  const loading = (
    <p role="status" className="rooms-loading text-slate-700">
      {t`Loading rooms…`}
    </p>
  );
  return (
    <section aria-labelledby="rooms-heading" className="flex flex-col gap-4">
      <h2 id="rooms-heading" className="text-2xl font-bold text-teal-800">
        {t`Our rooms`}
      </h2>
      <div id={DRAWN_PLACES.rooms[0]} className="contents" dangerouslySetInnerHTML={EMPTY} />
      {!ownReady && !rooms.isError && loading}
      {rooms.isError && (
        <LoadError onRetry={() => void rooms.refetch()}>
          {t`The rooms could not be loaded. Check your connection and try again.`}
        </LoadError>
      )}
      {roomList && ownReady && (
        <Suspense fallback={loading}>
          <RoomTierList rooms={roomList} inventory={inventoryData} />
        </Suspense>
      )}
    </section>
  );
});
