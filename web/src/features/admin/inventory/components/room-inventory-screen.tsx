import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense, useState } from 'react';
import type { PhotoManagerSlot } from '@/entities/admin/media/photo-manager-slot';
import { BED_TYPES, SMOKING_TYPES } from '@shared/constants';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { HotelPhoneLink } from '@/components/hotel-phone-link';
import { Modal } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { useStaffAlertWatch } from '@/entities/notifications/notifications';
import { BED_LABELS, SMOKING_LABELS } from '@/entities/bookings/booking-labels';
import { codesInTypeOrder } from '@/entities/admin/room-types/room-type-names';
import { useRoomTypes } from '@/entities/rooms/get-room-types';
import { roomTypeName, useNamedRoomTypes } from '@/entities/rooms/room-names';
import { useNewBookingAlert } from '@/entities/admin/bookings/new-booking-alert';
import { AdminPageHeader, OfflineNote } from '@/components/admin/admin-page-header';
import { useOnline } from '@/lib/use-online';
import { useStaffBedInventory } from '@/entities/rooms/get-bed-inventory';
import { useStaffRoomInventory } from '@/entities/rooms/get-room-inventory';
import { useStaffSmokingInventory } from '@/entities/rooms/get-smoking-inventory';
import { InventoryCounter } from './inventory-counter';
import { QuickBookingForm } from './quick-booking-form';
import { useLanguage } from '@/hooks/use-language';

/** Each type's card edge, by its place in the hotel's order (the spec's four keep their tier colours). */
const ACCENTS = [
  'border-t-silver-600',
  'border-t-gold-700',
  'border-t-diamond-700',
  'border-t-deluxe-700',
  'border-t-teal-700',
  'border-t-sand-300',
];

/**
 * /admin/inventory: room, bed and smoking counters per room type (admin spec
 * sections 2 and 9; the hotel's types, in its order, and any type the counts still hold), the
 * staff quick booking, offered while rooms are
 * available tonight, and each room type's photos (the photo manager loads after the
 * counters, as its own chunk).
 */
export function RoomInventoryScreen({ PhotoManager }: { PhotoManager: PhotoManagerSlot }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const online = useOnline();
  // Tonight's counts with a retired type's rows too (marked: the hotel no longer sells it).
  const rooms = useStaffRoomInventory();
  const beds = useStaffBedInventory();
  const smoking = useStaffSmokingInventory();
  const sold = useRoomTypes().data;
  const types = useNamedRoomTypes();
  const retired = (code: string) =>
    Array.isArray(types) && types.some((type) => type.code === code && type.active === false);
  const roomTypes = codesInTypeOrder(types, [
    ...(Array.isArray(sold) ? sold : []).map((type) => type.code),
    ...(rooms.data ?? []).map((row) => row.roomType),
  ]);
  // A new booking request (or entry) rings while staff are here (the staff's alerts, polled).
  const alerts = useStaffAlertWatch();
  useNewBookingAlert(alerts.newest, alerts.fetchedAt);
  const [noRoomsOpen, setNoRoomsOpen] = useState(false);

  const loading = rooms.isPending || beds.isPending || smoking.isPending;
  const failed = [rooms, beds, smoking].find((q) => q.isError && !q.data);
  // What a quick booking can sell tonight: a retired type's rooms are not offered.
  const totalAvailable = (rooms.data ?? [])
    .filter((row) => !retired(row.roomType))
    .reduce((sum, row) => sum + row.availableCount, 0);

  return (
    <main className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8">
      <AdminPageHeader
        title={<Trans>Room management</Trans>}
        subtitle={
          <Trans>
            The rooms, beds and smoking rooms offered for booking. Each counter stays between 0 and its
            maximum; guests see the change at once.
          </Trans>
        }
      />

      {!online ? (
        <OfflineNote>
          <Trans>You are offline. These are the last counts loaded; changes need a connection.</Trans>
        </OfflineNote>
      ) : null}

      {loading ? (
        <p role="status" className="text-slate-700">
          <Trans>Loading the inventory…</Trans>
        </p>
      ) : failed ? (
        <LoadError
          onRetry={() => {
            void rooms.refetch();
            void beds.refetch();
            void smoking.refetch();
          }}
        >
          {errorMessage(failed.error, t`The inventory could not be loaded.`)}
        </LoadError>
      ) : (
        <>
          <p className="text-lg text-slate-900" data-testid="available-tonight">
            <Trans>
              Available tonight, all room types:{' '}
              <strong className="text-teal-800">{formatCount(totalAvailable, language)}</strong>
            </Trans>
          </p>
          <ul className="grid gap-4 md:grid-cols-2">
            {roomTypes.map((roomType, index) => {
              const room = rooms.data?.find((r) => r.roomType === roomType);
              const name = roomTypeName(types, roomType, language);
              return (
                <li key={roomType}>
                  <section
                    aria-labelledby={`inventory-${roomType}`}
                    className={`flex h-full flex-col gap-3 rounded-2xl border border-t-8 border-sand-200 bg-white p-4 shadow-sm ${ACCENTS[index % ACCENTS.length]}`}
                  >
                    <h2 id={`inventory-${roomType}`} className="text-xl font-bold text-slate-900">
                      {name}
                    </h2>
                    {retired(roomType) ? (
                      <p
                        className="self-start rounded-full bg-sand-100 px-3 py-1 text-sm font-semibold text-slate-800"
                        data-testid={`retired-${roomType}`}
                      >
                        <Trans>Retired: no longer offered to guests</Trans>
                      </p>
                    ) : null}
                    {room ? (
                      <InventoryCounter
                        testId={`counter-${roomType}-rooms`}
                        target={{ kind: 'rooms', roomType }}
                        label={t`${name} · Rooms`}
                        shortLabel={t`Rooms`}
                        totalCount={room.totalCount}
                        availableCount={room.availableCount}
                        maxCapacity={room.maxCapacity}
                        isOffline={!online}
                      />
                    ) : null}
                    <h3 className="text-sm font-bold text-slate-700">
                      <Trans>Beds</Trans>
                    </h3>
                    {BED_TYPES.map((bedType) => {
                      const row = beds.data?.find((r) => r.roomType === roomType && r.bedType === bedType);
                      return row ? (
                        <InventoryCounter
                          key={bedType}
                          testId={`counter-${roomType}-${bedType}`}
                          target={{ kind: 'beds', roomType, bedType }}
                          label={`${name} · ${i18n._(BED_LABELS[bedType])}`}
                          shortLabel={i18n._(BED_LABELS[bedType])}
                          totalCount={row.totalCount}
                          availableCount={row.availableCount}
                          maxCapacity={row.maxCapacity}
                          isOffline={!online}
                        />
                      ) : null;
                    })}
                    <h3 className="text-sm font-bold text-slate-700">
                      <Trans>Smoking and non-smoking rooms</Trans>
                    </h3>
                    {SMOKING_TYPES.map((smokingType) => {
                      const row = smoking.data?.find(
                        (r) => r.roomType === roomType && r.smokingType === smokingType,
                      );
                      return row ? (
                        <InventoryCounter
                          key={smokingType}
                          testId={`counter-${roomType}-${smokingType}`}
                          target={{ kind: 'smoking', roomType, smokingType }}
                          label={`${name} · ${i18n._(SMOKING_LABELS[smokingType])}`}
                          shortLabel={i18n._(SMOKING_LABELS[smokingType])}
                          totalCount={row.totalCount}
                          availableCount={row.availableCount}
                          maxCapacity={row.maxCapacity}
                          isOffline={!online}
                        />
                      ) : null;
                    })}
                  </section>
                </li>
              );
            })}
          </ul>
        </>
      )}

      <section
        aria-labelledby="quick-booking-heading"
        className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-5 shadow-sm"
      >
        <h2 id="quick-booking-heading" className="text-xl font-bold text-slate-900">
          <Trans>Quick booking for a guest</Trans>
        </h2>
        {rooms.data && totalAvailable > 0 ? (
          <QuickBookingForm onNoRooms={() => setNoRoomsOpen(true)} isOffline={!online} />
        ) : rooms.data ? (
          <div className="flex flex-col items-start gap-3">
            <p className="text-slate-800">
              <Trans>No room is available tonight, so quick booking is closed.</Trans>
            </p>
            <Button variant="secondary" onPress={() => setNoRoomsOpen(true)}>
              <Trans>Quick booking</Trans>
            </Button>
          </div>
        ) : null}
      </section>

      <section
        aria-labelledby="room-photos-heading"
        className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-5 shadow-sm"
        data-testid="room-photos"
      >
        <h2 id="room-photos-heading" className="text-xl font-bold text-slate-900">
          <Trans>Room photos</Trans>
        </h2>
        <p className="text-slate-700">
          <Trans>
            The photos of each room type that guests see when they book. Photos are resized on this device
            before they are sent; describe each one in both languages for guests who cannot see it.
          </Trans>
        </p>
        <Suspense
          fallback={
            <p role="status" className="text-slate-700">
              <Trans>Loading photos…</Trans>
            </p>
          }
        >
          <div className="grid gap-4">
            {roomTypes.map((roomType) => (
              <PhotoManager
                key={roomType}
                owner={{ ownerKind: 'room_type', ownerId: roomType }}
                title={roomTypeName(types, roomType, language)}
                showHint={false}
              />
            ))}
          </div>
        </Suspense>
      </section>

      <Modal
        title={t`Sorry, No Rooms Currently Available for Booking`}
        size="sm"
        isOpen={noRoomsOpen}
        onOpenChange={setNoRoomsOpen}
      >
        <p className="text-slate-800">
          <Trans>Please try again later, or call the hotel:</Trans>{' '}
          <HotelPhoneLink className="font-semibold text-teal-800 underline" />
        </p>
        <div className="flex justify-end">
          <Button onPress={() => setNoRoomsOpen(false)}>
            <Trans>OK</Trans>
          </Button>
        </div>
      </Modal>
    </main>
  );
}
