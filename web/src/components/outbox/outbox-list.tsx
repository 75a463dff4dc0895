import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { Heading, Label, ProgressBar } from 'react-aria-components';
import { currentLanguage } from '@/lib/i18n';
import { formatCount, formatDate, formatDateTime } from '@/lib/format';
import { useRoomName } from '@/entities/rooms/room-names';
import type { OutboxKind } from '@/offline/db';
import {
  type OutboxEntryView,
  releasePhoneHeld,
  removeEntry,
  retryNow,
  useOutboxEntries,
} from '@/offline/outbox';
import { PhoneVerification } from '../phone-verification/phone-verification';
import { Button } from '../ui/button';
import { useOnline } from '@/lib/use-online';
import { Separator } from '@/components/separator';

/**
 * What this device holds in the outbox (decision 007): entries waiting to be
 * sent, being sent (upload progress), sent, or refused with the server's
 * reason. Retry sends every waiting entry now; Remove forgets a refused or
 * sent entry. `kind` narrows it to one event (inside that event's modal);
 * without entries of that kind it renders nothing.
 */
export function OutboxList({ kind, showEmpty = false }: { kind?: OutboxKind; showEmpty?: boolean }) {
  const { t } = useLingui();
  const entries = useOutboxEntries(kind);
  const online = useOnline();
  const headingRef = useRef<HTMLHeadingElement>(null);
  if (entries.length === 0) {
    return showEmpty ? (
      <p className="text-sm text-slate-700" data-testid="outbox-empty">
        <Trans>Nothing is waiting to be sent.</Trans>
      </p>
    ) : null;
  }
  // Retry sends what waits for the network, not what waits for its phone's code.
  const waiting = entries.filter((e) => e.state === 'waiting' && !e.needsPhone).length;
  return (
    <section aria-labelledby={kind ? `outbox-heading-${kind}` : 'outbox-heading'} data-testid="outbox-list">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <Heading
          level={3}
          id={kind ? `outbox-heading-${kind}` : 'outbox-heading'}
          ref={headingRef}
          tabIndex={-1}
          className="text-base font-bold text-teal-800 outline-none"
        >
          <Trans>Saved on this device</Trans>
        </Heading>
        {waiting > 0 && online && (
          <Button
            variant="secondary"
            className="px-3 py-1.5 text-sm"
            onPress={() => retryNow()}
            data-testid="outbox-retry"
          >
            <Trans>Retry now</Trans>
          </Button>
        )}
      </div>
      <ul className="flex flex-col gap-2">
        {entries.map((entry) => (
          <OutboxRow
            key={entry.id}
            entry={entry}
            onRemove={async () => {
              await removeEntry(entry.id);
              headingRef.current?.focus();
            }}
            removeLabel={t`Remove`}
            online={online}
          />
        ))}
      </ul>
    </section>
  );
}

const stateStyle: Record<OutboxEntryView['state'], string> = {
  waiting: 'bg-amber-100 text-amber-900',
  sending: 'bg-teal-100 text-teal-900',
  sent: 'bg-green-100 text-green-900',
  refused: 'bg-red-100 text-red-900',
};

type RowProps = {
  entry: OutboxEntryView;
  onRemove: () => Promise<void>;
  removeLabel: string;
  online: boolean;
};

function OutboxRow(props: RowProps) {
  return props.entry.booking ? (
    <BookingOutboxRow {...props} />
  ) : (
    <OutboxRowBody {...props} roomName={String} />
  );
}

/** A booking request's row: its room type's name is the hotel's (GET /api/room-types). */
function BookingOutboxRow(props: RowProps) {
  return <OutboxRowBody {...props} roomName={useRoomName()} />;
}

function OutboxRowBody({
  entry,
  onRemove,
  removeLabel,
  online,
  roomName,
}: RowProps & { roomName: (code: string) => string }) {
  const { t } = useLingui();
  const language = currentLanguage();
  const [verifying, setVerifying] = useState(false);
  const extraName = entry.extra ? (language === 'ar' ? entry.extra.nameAr : entry.extra.nameEn) : '';
  const outletName = language === 'ar' ? entry.order?.outletNameAr : entry.order?.outletNameEn;
  const title = entry.booking
    ? t`Booking request: ${roomName(entry.booking.roomType)}`
    : entry.extra
      ? t`Added to your stay: ${extraName}`
      : entry.order
        ? t`Order to ${outletName}`
        : entry.kind === 'photography'
          ? t`Photography contest entry`
          : entry.kind === 'google_review'
            ? t`Hotel rating draw entry`
            : entry.kind === 'review'
              ? t`Guest review`
              : t`Location sharing entry`;
  const stateLabel = {
    waiting: entry.held
      ? t`Waiting for sign-in`
      : entry.needsPhone
        ? t`Verify your phone to send`
        : t`Waiting to send`,
    sending: t`Sending`,
    sent: t({ message: 'Sent', context: 'outbox' }),
    refused: t`Not accepted`,
  }[entry.state];
  const done = formatCount(entry.filesUploaded, language);
  const total = formatCount(entry.fileCount, language);
  const percent = formatCount(entry.percent, language);
  const progressText =
    entry.kind === 'photography'
      ? t`${done} of ${total} photos, ${percent}%`
      : t`${done} of ${total} screenshots, ${percent}%`;
  const error = entry.lastError;
  return (
    <li
      className="flex flex-col gap-2 rounded-xl border border-sand-200 bg-sand-50 p-3"
      data-testid="outbox-entry"
      data-state={entry.state}
      data-kind={entry.kind}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-slate-900">{title}</p>
        <span
          className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${stateStyle[entry.state]}`}
          data-testid="outbox-entry-state"
        >
          {stateLabel}
        </span>
      </div>
      {entry.booking && (
        <p className="font-semibold text-slate-900" data-testid="outbox-entry-dates">
          {formatDate(entry.booking.checkInDate, language)} –{' '}
          {formatDate(entry.booking.checkOutDate, language)}
        </p>
      )}
      <p className="text-sm text-slate-700">
        {entry.booking ? (
          <Trans>Saved {formatDateTime(entry.createdAt, language)}</Trans>
        ) : (
          <>
            {entry.review ? (
              <span>{entry.review.overallReview.slice(0, 80)}</span>
            ) : (
              <span dir="ltr" className="inline-block">
                {entry.participantPhone}
              </span>
            )}
            <Separator />
            {formatDateTime(entry.sentAt ?? entry.createdAt, language)}
          </>
        )}
      </p>
      {entry.state === 'sending' && entry.fileCount > 0 && (
        <ProgressBar value={entry.percent} valueLabel={progressText} className="flex flex-col gap-1">
          {({ percentage }) => (
            <>
              <div className="flex justify-between gap-2 text-sm text-slate-800">
                <Label>
                  <Trans>Uploading</Trans>
                </Label>
                <span>{progressText}</span>
              </div>
              <div className="h-2 overflow-hidden rounded-full bg-sand-200">
                <div className="h-full rounded-full bg-teal-700" style={{ width: `${percentage ?? 0}%` }} />
              </div>
            </>
          )}
        </ProgressBar>
      )}
      {entry.state === 'waiting' && (
        <p className="text-sm text-slate-700" data-testid="outbox-entry-note">
          {entry.needsPhone ? (
            <Trans>
              Each entry needs a phone number verified with a code. Verify{' '}
              <bdi dir="ltr" className="font-semibold [unicode-bidi:isolate-override]">
                {entry.participantPhone}
              </bdi>{' '}
              and the entry is sent at once.
            </Trans>
          ) : entry.held ? (
            entry.owner ? (
              <Trans>
                It is sent only from the account that made it: sign in as{' '}
                <span dir="ltr" className="inline-block">
                  {entry.owner.email}
                </span>
                .
              </Trans>
            ) : (
              <Trans>It is sent only from the account that made it: sign in with it.</Trans>
            )
          ) : error === null ? (
            <Trans>It will be sent as soon as there is a connection.</Trans>
          ) : error.status === 0 ? (
            <Trans>No connection. It will be sent automatically when the connection returns.</Trans>
          ) : (
            <>
              {error.message || t`The server is busy.`} <Trans>It will be tried again automatically.</Trans>
            </>
          )}
          {entry.fileCount > 0 && entry.filesUploaded > 0 && <> {progressText}</>}
        </p>
      )}
      {entry.state === 'refused' && (
        <p className="text-sm font-semibold text-red-800" role="alert" data-testid="outbox-entry-error">
          {error?.message || t`The entry was not accepted.`}
        </p>
      )}
      {entry.needsPhone && online && (
        <Button
          className="self-start px-3 py-1.5 text-sm"
          onPress={() => setVerifying(true)}
          data-testid="outbox-verify-phone"
        >
          <Trans>Verify phone number</Trans>
        </Button>
      )}
      {entry.needsPhone && !online && (
        <p className="text-sm text-slate-700">
          <Trans>You can verify it once you are online.</Trans>
        </p>
      )}
      {verifying ? (
        <PhoneVerification
          phone={entry.participantPhone}
          onClose={() => setVerifying(false)}
          onVerified={() => {
            setVerifying(false);
            void releasePhoneHeld(entry.participantPhone);
          }}
        />
      ) : null}
      {(entry.state === 'refused' || entry.state === 'sent' || entry.held) && (
        <Button
          variant="ghost"
          className="self-start px-3 py-1.5 text-sm"
          onPress={() => void onRemove()}
          aria-label={`${removeLabel}: ${title}`}
          data-testid="outbox-remove"
        >
          {removeLabel}
        </Button>
      )}
    </li>
  );
}
