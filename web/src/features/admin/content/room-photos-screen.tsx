import { useLingui as useLinguiCore } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { ROOM_TYPES } from '../../../../../shared/src/constants';
import { AdminPageHeader, OfflineNote } from '../../../components/admin/admin-page-header';
import { roomName } from '../../../entities/rooms/room-names';
import { useOnline } from '../../../lib/use-online';

const PhotoManager = lazy(() => import('./photo-manager'));

/**
 * /admin/room-photos (staff; issue 14): each room tier's gallery, the photos guests see
 * in the room carousel (first photo) of the landing's booking panels.
 */
export function Component() {
  const { i18n } = useLinguiCore();
  const online = useOnline();
  return (
    <main className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8">
      <AdminPageHeader
        title={<Trans>Room photos</Trans>}
        subtitle={<Trans>The photos of each room type that guests see when they book.</Trans>}
      />
      {!online ? (
        <OfflineNote>
          <Trans>You are offline. Photos can be changed once the connection is back.</Trans>
        </OfflineNote>
      ) : null}
      <Suspense
        fallback={
          <p role="status" className="text-slate-700">
            <Trans>Loading photos…</Trans>
          </p>
        }
      >
        {ROOM_TYPES.map((roomType) => (
          <PhotoManager
            key={roomType}
            owner={{ ownerKind: 'room_type', ownerId: roomType }}
            title={roomName(i18n, roomType)}
          />
        ))}
      </Suspense>
    </main>
  );
}
