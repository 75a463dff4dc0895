import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-aria-components';
import { BookingReference } from '@/components/booking-reference';
import { Separator } from '@/components/separator';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { showToast } from '@/components/ui/toast-queue';
import { channelFlagSentence } from '@/entities/admin/bookings/channel-flags';
import { alertScreen } from '@/entities/notifications/alert-screens';
import { useRoomName } from '@/entities/rooms/room-names';
import {
  type NotificationItem,
  type NotificationScope,
  type StaffAlert,
  useMarkRead,
  useNotificationPages,
} from '@/entities/notifications/notifications';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage } from '@/lib/api-client';
import { guestsCount } from '@/lib/counts';
import { formatCount, formatDate, formatDateTime } from '@/lib/format';
import { formatPhone } from '@shared/phone-countries';

/** The staff's alerts are worded here (the server keeps only what each is about). */
const ALERT_TITLES: Record<StaffAlert['kind'], MessageDescriptor> = {
  booking_request: msg`New booking request`,
  free_night: msg`New free-night booking (points)`,
  online_check_in: msg`Checked in online`,
  booking_changed: msg`A guest changed their booking: to approve`,
  stay_request: msg`A guest in house asked for something`,
  payment_received: msg`A payment arrived online`,
  channel_booking: msg`New OTA booking, confirmed`,
  channel_booking_flagged: msg`An OTA booking to place by hand`,
  channel_booking_changed: msg`An OTA changed a booking`,
  channel_booking_cancelled: msg`An OTA cancelled a booking`,
  photography_entry: msg`New photography entry`,
  rating_entry: msg`New rating entry`,
  location_entry: msg`New location sharing entry`,
};

/**
 * The notifications list: newest first, 20 at a time with "Load more",
 * unread ones marked (a dot and bold, and said to screen readers), each with "Mark as read",
 * and "Mark all as read" above. A guest's own (`mine`) or the staff's alerts (`staff`).
 * `collapsed` (the spec's bookings panel) shows the newest alone with "+N more", which opens the rest.
 */
export function NotificationList({
  scope,
  onOpened,
  collapsed = false,
}: {
  scope: NotificationScope;
  onOpened?: () => void;
  collapsed?: boolean;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const pages = useNotificationPages(scope);
  const mark = useMarkRead(scope);
  const [expanded, setExpanded] = useState(!collapsed);

  if (pages.isPending) {
    return (
      <p role="status" className="text-slate-700">
        <Trans>Loading alerts...</Trans>
      </p>
    );
  }
  if (pages.isError && !pages.data) {
    return (
      <LoadError onRetry={() => void pages.refetch()}>
        {errorMessage(pages.error, t`The notifications could not be loaded.`)}
      </LoadError>
    );
  }
  const all = pages.data.pages.flatMap((page) => page.items);
  const items = expanded ? all : all.slice(0, 1);
  const hidden = all.length - items.length;
  const more = formatCount(hidden, language);
  const unread = pages.data.pages[0]?.unread ?? 0;

  function markRead(id: number | 'all') {
    mark.mutate(id, {
      onError: (error) =>
        showToast({
          variant: 'error',
          title: t`Could not mark as read`,
          description: errorMessage(error, t`Check your connection and try again.`),
        }),
    });
  }

  if (all.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-sand-200 bg-sand-50 p-6 text-center text-slate-700">
        <Trans>No New Alerts</Trans>
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3" data-testid={`notification-list-${scope}`}>
      <div className="flex justify-end">
        <Button
          variant="secondary"
          isDisabled={unread === 0}
          isPending={mark.isPending && mark.variables === 'all'}
          onPress={() => markRead('all')}
        >
          <Trans>Mark all as read</Trans>
        </Button>
      </div>
      <ul className="flex flex-col gap-3">
        {items.map((item) => (
          <li
            key={item.id}
            data-testid="notification"
            data-read={item.isRead}
            className={`flex flex-col gap-1 rounded-2xl border p-4 shadow-sm ${item.isRead ? 'border-sand-200 bg-white' : 'border-teal-700/40 bg-teal-50'}`}
          >
            <NotificationBody
              item={item}
              onOpen={() => {
                if (!item.isRead) markRead(item.id);
                onOpened?.();
              }}
            />
            {item.isRead ? null : (
              <Button
                variant="ghost"
                className="mt-1 self-start"
                isPending={mark.isPending && mark.variables === item.id}
                onPress={() => markRead(item.id)}
              >
                <Trans>Mark as read</Trans>
              </Button>
            )}
          </li>
        ))}
      </ul>
      {hidden > 0 ? (
        <Button variant="secondary" className="self-center" onPress={() => setExpanded(true)}>
          {pages.hasNextPage ? <Trans>+{more}+ more</Trans> : <Trans>+{more} more</Trans>}
        </Button>
      ) : null}
      {expanded && pages.hasNextPage ? (
        <Button
          variant="secondary"
          className="self-center"
          isPending={pages.isFetchingNextPage}
          onPress={() => void pages.fetchNextPage()}
        >
          <Trans>Load more</Trans>
        </Button>
      ) : null}
    </div>
  );
}

function UnreadMark({ isRead }: { isRead: boolean }) {
  if (isRead) return null;
  return (
    <>
      <span aria-hidden="true" className="mt-2 size-2.5 shrink-0 rounded-full bg-red-700" />
      <span className="sr-only">
        <Trans>Unread:</Trans>{' '}
      </span>
    </>
  );
}

/** An alert opened ("Open") counts as read. */
function NotificationBody({ item, onOpen }: { item: NotificationItem; onOpen: () => void }) {
  const { i18n, t } = useLingui();
  const roomName = useRoomName();
  const language = useLanguage();
  const dates =
    item.scope === 'staff' && item.checkInDate && item.checkOutDate
      ? t`${formatDate(item.checkInDate, language)} to ${formatDate(item.checkOutDate, language)}`
      : '';
  const title =
    item.scope === 'mine'
      ? language === 'ar'
        ? item.titleAr
        : item.title
      : item.kind === 'channel_booking_flagged' && item.reason && item.roomType
        ? // Why the hotel could not place it, as the channel manager flagged it when it came.
          i18n._(channelFlagSentence(item.reason, roomName(item.roomType), dates))
        : i18n._(ALERT_TITLES[item.kind]);
  const fromOta = item.scope === 'staff' && item.channelReference;
  return (
    <>
      <p className={`flex items-start gap-2 text-slate-900 ${item.isRead ? 'font-semibold' : 'font-bold'}`}>
        <UnreadMark isRead={item.isRead} />
        <span>{title}</span>
      </p>
      {item.scope === 'mine' ? (
        <p className="text-slate-800">{language === 'ar' ? item.messageAr : item.message}</p>
      ) : item.roomType && item.checkInDate && item.checkOutDate ? (
        <p className="text-slate-800">
          {item.fullName ? (
            <>
              <span dir="auto">{item.fullName}</span>
              <Separator />
            </>
          ) : null}
          {roomName(item.roomType)}
          <Separator />
          <Trans>
            {formatDate(item.checkInDate, language)} to {formatDate(item.checkOutDate, language)}
          </Trans>
          {item.reference ? (
            <>
              <Separator />
              <BookingReference reference={item.reference} />
            </>
          ) : null}
        </p>
      ) : null}
      {fromOta ? (
        <p className="text-sm text-slate-700" data-testid="alert-ota">
          <Trans>
            Booked on <bdi dir="ltr">{item.source ?? '—'}</bdi>, its reference there{' '}
            <bdi dir="ltr" className="font-mono font-semibold whitespace-nowrap">
              {item.channelReference}
            </bdi>
          </Trans>
          <Separator />
          {guestsCount(item.numberOfGuests ?? 1, language)}
          {item.kind === 'channel_booking_flagged' && !item.channelFlag ? (
            <>
              <Separator />
              <span className="font-semibold text-teal-800">
                <Trans>Placed since</Trans>
              </span>
            </>
          ) : null}
        </p>
      ) : null}
      <p className="flex flex-wrap items-center gap-x-4 text-sm text-slate-600">
        <span>{formatDateTime(item.createdAt, language)}</span>
        {item.scope === 'mine' || item.phone ? (
          <bdi dir="ltr">{formatPhone((item.scope === 'mine' ? item.userPhone : item.phone) ?? '')}</bdi>
        ) : null}
        {item.scope === 'mine' && item.type === 'conversation_reply' ? (
          // The desk's reply: its chat (docs/decisions/088, "A reply the guest has not read").
          <Link
            href="/?messages=true"
            onPress={onOpen}
            className="font-semibold text-teal-800 underline underline-offset-4 outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-gold-700"
            data-testid="notification-open-chat"
          >
            <Trans>Open the chat</Trans>
          </Link>
        ) : null}
        {item.scope === 'staff' ? (
          <Link
            href={alertScreen(item)}
            onPress={onOpen}
            className="font-semibold text-teal-800 underline underline-offset-4 outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-gold-700"
          >
            <Trans context="action">Open</Trans>
          </Link>
        ) : null}
      </p>
    </>
  );
}
