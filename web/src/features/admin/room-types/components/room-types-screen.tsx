import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense, useState } from 'react';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { showToast } from '@/components/ui/toast-queue';
import type { PhotoManagerSlot } from '@/entities/admin/media/photo-manager-slot';
import { type AdminRoomType, useAdminRoomTypes } from '@/entities/admin/room-types/get-admin-room-types';
import { roomTypeLabel } from '@/entities/admin/room-types/room-type-names';
import { BED_LABELS, SMOKING_LABELS } from '@/entities/bookings/booking-labels';
import { useLanguage } from '@/hooks/use-language';
import { errorCode, errorMessage } from '@/lib/api-client';
import { formatCount, formatPrice } from '@/lib/format';
import { lazy } from '@/lib/lazy';
import { useUpdateRoomType } from '../api/save-room-type';
import { UpcomingBookingsList } from './upcoming-bookings-list';
import { pointsCount } from '@/lib/counts';
import { Separator } from '@/components/separator';

const RoomTypeDialog = lazy(() => import('./room-type-dialog'));

/**
 * /admin/room-types (admins): the hotel's room types, its own data. Each card says who the type
 * takes, its price, points and rooms, and how many bookings of it are still to come; an admin adds
 * a type (sold on the standard plan at once), edits one with its photos, retires one (never
 * deleted: only once no booking of it is still to come) or brings a retired one back.
 */
export function RoomTypesScreen({ PhotoManager }: { PhotoManager: PhotoManagerSlot }) {
  const { t } = useLingui();
  const types = useAdminRoomTypes();
  const [editing, setEditing] = useState<AdminRoomType | 'new' | null>(null);
  const [retiring, setRetiring] = useState<AdminRoomType | null>(null);
  const nextSortOrder = Math.max(0, ...(types.data ?? []).map((type) => type.sortOrder + 1));

  return (
    <main className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8">
      <AdminPageHeader
        title={<Trans>Room types</Trans>}
        subtitle={
          <Trans>
            The kinds of room the hotel sells: who each takes, its price and points, its rooms and photos.
          </Trans>
        }
        actions={
          <Button onPress={() => setEditing('new')} data-testid="new-room-type">
            <Trans>New room type</Trans>
          </Button>
        }
      />
      {types.isError && !types.data ? (
        <LoadError onRetry={() => void types.refetch()}>
          {errorMessage(types.error, t`The room types could not be loaded.`)}
        </LoadError>
      ) : null}
      {types.isPending ? (
        <p role="status" className="text-slate-700">
          <Trans>Loading the room types…</Trans>
        </p>
      ) : null}
      {types.data ? (
        <ul className="grid gap-4 md:grid-cols-2" aria-label={t`Room types`}>
          {types.data.map((type) => (
            <li key={type.code}>
              <RoomTypeCard type={type} onEdit={() => setEditing(type)} onRetire={() => setRetiring(type)} />
            </li>
          ))}
        </ul>
      ) : null}
      {editing ? (
        <Suspense fallback={null}>
          <RoomTypeDialog
            type={editing === 'new' ? null : editing}
            nextSortOrder={nextSortOrder}
            onClose={() => setEditing(null)}
            PhotoManager={PhotoManager}
          />
        </Suspense>
      ) : null}
      <RetireDialog type={retiring} onClose={() => setRetiring(null)} />
    </main>
  );
}

function RoomTypeCard({
  type,
  onEdit,
  onRetire,
}: {
  type: AdminRoomType;
  onEdit: () => void;
  onRetire: () => void;
}) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const update = useUpdateRoomType();
  const name = roomTypeLabel(type, language);
  const otherName = language === 'ar' ? type.nameEn : type.nameAr;
  const list = (items: string[]) => items.join(language === 'ar' ? '، ' : ', ');
  const n = (value: number) => formatCount(value, language);
  const base = n(type.baseOccupancy);
  const adults = n(type.maxAdults);
  const children = n(type.maxChildren);
  const guests = n(type.maxOccupancy);
  const upcoming = n(type.upcomingBookings);
  const reactivate = () =>
    update.mutate(
      { code: type.code, active: true },
      {
        onSuccess: (body) => showToast({ variant: 'success', title: body.message }),
        onError: (error) =>
          showToast({
            variant: 'error',
            title: t`The room type was not changed`,
            description: errorMessage(error, t`Please try again.`),
          }),
      },
    );
  const rowClass = 'flex flex-wrap gap-x-2';
  return (
    <article
      className={`flex h-full flex-col gap-3 rounded-2xl border p-5 shadow-sm ${
        type.active ? 'border-sand-200 bg-white' : 'border-dashed border-slate-400 bg-sand-50'
      }`}
      data-testid={`room-type-${type.code}`}
      aria-labelledby={`room-type-${type.code}-name`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col">
          <h2 id={`room-type-${type.code}-name`} className="text-xl font-bold text-slate-900">
            {name}
          </h2>
          <span className="text-sm text-slate-700">
            <bdi dir={language === 'ar' ? 'ltr' : 'rtl'}>{otherName}</bdi> ·{' '}
            <bdi dir="ltr" className="font-mono">
              {type.code}
            </bdi>
          </span>
        </div>
        <span
          className={`shrink-0 rounded-full px-3 py-0.5 text-sm font-semibold ${
            type.active ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-200 text-slate-800'
          }`}
        >
          {type.active ? (
            <Trans context="room type">Active</Trans>
          ) : (
            <Trans context="room type">Retired</Trans>
          )}
        </span>
      </div>
      <dl className="flex flex-col gap-1 text-sm text-slate-800">
        <div className={rowClass}>
          <dt className="font-semibold">
            <Trans>Guests</Trans>:
          </dt>
          <dd>
            <Trans>
              {base} in the price; up to {adults} adults and {children} children, {guests} in all
            </Trans>
          </dd>
        </div>
        <div className={rowClass}>
          <dt className="font-semibold">
            <Trans>Price a night</Trans>:
          </dt>
          <dd>{formatPrice(type.priceBaisa, language)}</dd>
        </div>
        <div className={rowClass}>
          <dt className="font-semibold">
            <Trans>Beds</Trans>:
          </dt>
          <dd>{list(type.bedTypes.map((bed) => i18n._(BED_LABELS[bed])))}</dd>
        </div>
        <div className={rowClass}>
          <dt className="font-semibold">
            <Trans>Smoking options offered</Trans>:
          </dt>
          <dd>{list(type.smokingOptions.map((kind) => i18n._(SMOKING_LABELS[kind])))}</dd>
        </div>
        <div className={rowClass}>
          <dt className="font-semibold">
            <Trans>Points</Trans>:
          </dt>
          <dd>
            {plural(type.pointsPerStay, {
              one: `${n(type.pointsPerStay)} point a stay`,
              other: `${n(type.pointsPerStay)} points a stay`,
            })}
            <Separator />
            {type.freeNightPoints === null ? (
              <Trans>no free night with points</Trans>
            ) : (
              <Trans>a free night for {pointsCount(type.freeNightPoints, language)}</Trans>
            )}
          </dd>
        </div>
        <div className={rowClass}>
          <dt className="font-semibold">
            <Trans>Rooms of this type</Trans>:
          </dt>
          <dd>{n(type.roomCount)}</dd>
        </div>
        <div className={rowClass} data-testid={`room-type-${type.code}-upcoming`}>
          <dt className="font-semibold">
            <Trans>Bookings still to come</Trans>:
          </dt>
          <dd>{upcoming}</dd>
        </div>
      </dl>
      <div className="mt-auto flex flex-wrap gap-2">
        <Button variant="secondary" className="px-3 py-2 text-sm" onPress={onEdit}>
          <Trans>Edit and photos</Trans>
          <span className="sr-only"> · {name}</span>
        </Button>
        {type.active ? (
          <Button variant="secondary" className="px-3 py-2 text-sm" onPress={onRetire}>
            <Trans context="room type">Retire</Trans>
            <span className="sr-only"> · {name}</span>
          </Button>
        ) : (
          <Button
            variant="secondary"
            className="px-3 py-2 text-sm"
            isPending={update.isPending}
            onPress={reactivate}
          >
            <Trans context="room type">Sell again</Trans>
            <span className="sr-only"> · {name}</span>
          </Button>
        )}
      </div>
    </article>
  );
}

/**
 * Retiring a type: said first what is still booked of it. With bookings still to come the server
 * refuses (409 room_type_in_use), so the dialog explains what to do instead of offering it;
 * a refusal that comes anyway (a booking made meanwhile) is shown in the dialog.
 */
function RetireDialog({ type, onClose }: { type: AdminRoomType | null; onClose: () => void }) {
  const { t } = useLingui();
  const language = useLanguage();
  const update = useUpdateRoomType();
  const [shown, setShown] = useState(type);
  const [refusal, setRefusal] = useState<string | null>(null);
  if (type && type !== shown) {
    setShown(type);
    setRefusal(null);
  }
  const name = shown ? roomTypeLabel(shown, language) : '';
  const upcoming = shown?.upcomingBookings ?? 0;
  const count = formatCount(upcoming, language);

  function retire() {
    if (!shown) return;
    update.mutate(
      { code: shown.code, active: false },
      {
        onSuccess: (body) => {
          showToast({ variant: 'success', title: body.message });
          onClose();
        },
        onError: (error) => {
          if (errorCode(error) === 'room_type_in_use') setRefusal(errorMessage(error, ''));
          else
            showToast({
              variant: 'error',
              title: t`The room type was not changed`,
              description: errorMessage(error, t`Please try again.`),
            });
        },
      },
    );
  }

  return (
    <Modal
      title={t`Retire ${name}?`}
      size="sm"
      isOpen={type !== null}
      onOpenChange={(open) => !open && onClose()}
    >
      <div className="flex flex-col gap-4" data-testid="retire-room-type">
        {upcoming > 0 ? (
          <p role="alert" className="rounded-xl bg-amber-50 p-3 text-sm text-amber-950">
            {plural(upcoming, {
              one: `${count} booking of this type is still to come. Move it to another type or cancel it first; the type can be retired once none is left.`,
              other: `${count} bookings of this type are still to come. Move them to another type or cancel them first; the type can be retired once none is left.`,
            })}
          </p>
        ) : null}
        {upcoming > 0 && shown ? (
          <UpcomingBookingsList code={shown.code} />
        ) : (
          <p className="text-slate-800">
            <Trans>
              No booking of this type is still to come. Once retired, guests can no longer book it; its past
              bookings, rooms and photos are kept, and it can be sold again later.
            </Trans>
          </p>
        )}
        {refusal ? (
          <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-900">
            {refusal}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onPress={onClose}>
            {upcoming > 0 ? <Trans>Close</Trans> : <Trans>Cancel</Trans>}
          </Button>
          {upcoming > 0 ? null : (
            <Button
              variant="danger"
              onPress={retire}
              isPending={update.isPending}
              data-testid="confirm-retire"
            >
              <Trans context="room type">Retire</Trans>
            </Button>
          )}
        </div>
      </div>
    </Modal>
  );
}
