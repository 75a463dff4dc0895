import { Trans, useLingui } from '@lingui/react/macro';
import { BookingReference } from '@/components/booking-reference';
import { Suspense, useDeferredValue, useState } from 'react';
import { Button, LinkButton } from '@/components/ui/button';
import { lazy } from '@/lib/lazy';
import { TextField } from '@/components/ui/text-field';
import { LoadError } from '@/components/load-error';
import { hasRole, useCurrentUser } from '@/entities/session/use-current-user';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { formatRoomNumber } from '@/lib/format-room-number';
import {
  type LostFoundStatus,
  type LostItem,
  lostItemPhotoUrl,
  useLostFound,
  useRoomsToLogIn,
} from '../api/lost-found';

// Logging an item, and one item's steps: chunks of their own, loaded when opened.
const LogItemDialog = lazy(() => import('./log-item-dialog'));
const LostItemDialog = lazy(() => import('./lost-item-dialog'));

/**
 * /admin/lost-found: the items found in the hotel. Anyone on the staff logs one (a housekeeper on
 * the floors, on a phone); the front desk and above see the list (held, due for disposal, handed
 * back, disposed of; words in the description or place), open an item to match it to a stay, tell
 * the guest, hand it back or dispose of it. Every rule is the server's (modules/lost-found).
 */
export function LostFoundScreen() {
  const { t } = useLingui();
  const user = useCurrentUser().data;
  const desk = hasRole(user, 'staff');
  const [status, setStatus] = useState<LostFoundStatus>('held');
  const [words, setWords] = useState('');
  const q = useDeferredValue(words);
  const list = useLostFound({ status, q }, desk);
  const rooms = useRoomsToLogIn();
  const [logging, setLogging] = useState(false);
  const [open, setOpen] = useState<number | null>(null);

  const filters: { key: LostFoundStatus; label: string }[] = [
    { key: 'held', label: t({ message: 'Held', context: 'lost and found' }) },
    { key: 'due', label: t`Due for disposal` },
    { key: 'returned', label: t({ message: 'Handed back', context: 'lost and found' }) },
    { key: 'disposed', label: t({ message: 'Disposed of', context: 'lost and found' }) },
  ];

  return (
    <main className="mx-auto flex w-full max-w-5xl flex-col gap-5 px-4 py-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-teal-800 sm:text-3xl">
          <Trans>Lost and found</Trans>
        </h1>
        <div className="flex flex-wrap gap-2">
          <Button onPress={() => setLogging(true)} isDisabled={!rooms.data} data-testid="log-item">
            <Trans>Log a found item</Trans>
          </Button>
          <LinkButton href={desk ? '/admin' : '/admin/work-orders'} variant="secondary">
            {desk ? <Trans>Back to the admin dashboard</Trans> : <Trans>Work orders</Trans>}
          </LinkButton>
        </div>
      </div>

      {!desk ? (
        <p className="rounded-2xl bg-sand-50 p-4 text-slate-700" data-testid="lost-found-floor">
          <Trans>Log what you find: the front desk keeps the items and tells their guests.</Trans>
        </p>
      ) : (
        <>
          <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
            <div role="group" aria-label={t`Which items`} className="flex flex-wrap gap-2">
              {filters.map((f) => (
                <Button
                  key={f.key}
                  variant={status === f.key ? 'primary' : 'secondary'}
                  aria-pressed={status === f.key}
                  className="px-4 py-2 text-sm"
                  onPress={() => setStatus(f.key)}
                >
                  {f.label}
                </Button>
              ))}
            </div>
            <TextField
              label={t`Search`}
              value={words}
              onChange={setWords}
              type="search"
              className="md:w-64"
            />
          </div>
          {list.isPending ? (
            <p role="status" className="text-slate-700">
              <Trans>Loading items…</Trans>
            </p>
          ) : list.isError ? (
            <LoadError onRetry={() => void list.refetch()}>
              {errorMessage(list.error, t`The items could not be loaded.`)}
            </LoadError>
          ) : list.data.items.length === 0 ? (
            <p className="rounded-2xl bg-sand-50 p-4 text-slate-700" data-testid="no-items">
              <Trans>No items here.</Trans>
            </p>
          ) : (
            <ul className="grid gap-3 md:grid-cols-2" data-testid="lost-items">
              {list.data.items.map((item) => (
                <ItemCard key={item.id} item={item} onOpen={() => setOpen(item.id)} />
              ))}
            </ul>
          )}
        </>
      )}

      {logging && rooms.data ? (
        <Suspense fallback={null}>
          <LogItemDialog
            rooms={rooms.data.rooms}
            today={rooms.data.today}
            onClose={() => setLogging(false)}
          />
        </Suspense>
      ) : null}
      {open !== null ? (
        <Suspense fallback={null}>
          <LostItemDialog id={open} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
    </main>
  );
}

function ItemCard({ item, onOpen }: { item: LostItem; onOpen: () => void }) {
  const language = useLanguage();
  const found = formatDate(item.foundOn, language);
  const until = formatDate(item.keepUntil, language);
  return (
    <li
      className="flex flex-col gap-2 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm"
      data-testid={`lost-item-${item.id}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="font-bold text-slate-900">
          <bdi>{item.description}</bdi>
        </p>
        {item.due ? (
          <span className="rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-900">
            <Trans>Due for disposal</Trans>
          </span>
        ) : null}
      </div>
      <p className="text-sm text-slate-700">
        {item.roomNumber ? (
          <Trans>
            Room {formatRoomNumber(item.roomNumber, language)} · <bdi>{item.place}</bdi> · found {found}
          </Trans>
        ) : (
          <Trans>
            <bdi>{item.place}</bdi> · found {found}
          </Trans>
        )}
      </p>
      {item.status === 'held' ? (
        <p className="text-sm text-slate-600">
          <Trans>Kept until {until}</Trans>
        </p>
      ) : null}
      <p className="text-sm text-slate-700">
        {item.stay ? (
          <Trans>
            Stay: <bdi>{item.stay.fullName}</bdi> · <BookingReference reference={item.stay.reference} />
          </Trans>
        ) : (
          <Trans>No stay matched</Trans>
        )}
        {item.notifiedAt !== null ? (
          <span className="ms-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
            <Trans>Guest told</Trans>
          </span>
        ) : null}
      </p>
      {item.hasPhoto ? (
        <img
          src={lostItemPhotoUrl(item.id)}
          alt={item.description}
          loading="lazy"
          className="h-24 w-32 rounded-xl border border-sand-200 object-cover"
        />
      ) : null}
      <Button variant="secondary" className="self-start px-3 py-2 text-sm" onPress={onOpen}>
        <Trans>Details</Trans>
        <span className="sr-only"> · {item.description}</span>
      </Button>
    </li>
  );
}
