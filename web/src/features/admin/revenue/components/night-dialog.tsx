import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type {
  LockReason,
  Suggestion,
  SuggestionLimit,
  SuggestionNight,
  SuggestionNightType,
} from '@shared/revenue-prices';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { showToast } from '@/components/ui/toast-queue';
import { useRoomName } from '@/entities/rooms/room-names';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage } from '@/lib/api-client';
import { formatCount, formatDate, formatPrice } from '@/lib/format';
import { useLockNights } from '../api/revenue';
import { saidIn } from '../lib/price-words';
import { SuggestionValue } from './suggestion-value';

/**
 * A night of the price calendar, explained (managers; docs/decisions/101): the hotel's books, the
 * forecast and its band, last year's aligned night, the events; for each room type its price now,
 * the ladder from the base price to the price the demand calls for (each step's sentence and the
 * price after it), the suggestions with their reasons, the limit that bounded them and the revenue
 * they are expected to add; approve one or all, lock or unlock the night of a type. A lazy chunk.
 */
export default function NightDialog({
  night,
  suggestions,
  isPending,
  onApprove,
  onClose,
}: {
  night: SuggestionNight;
  suggestions: Suggestion[];
  isPending: boolean;
  onApprove: (ids: string[]) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const long = new Intl.DateTimeFormat(language === 'ar' ? 'ar-OM-u-ca-gregory' : 'en-GB-u-ca-gregory', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${night.date}T00:00:00Z`));
  /** Rooms (a forecast is fractional): whole, as the calendar shows them. */
  const n = (x: number) => formatCount(Math.round(x), language);
  const ly = night.lastYear;
  const lyDate = ly ? formatDate(ly.date, language) : '';
  const lyBooked = ly
    ? plural(Math.round(ly.onTheBooks), {
        one: `${n(ly.onTheBooks)} room booked at the same distance`,
        other: `${n(ly.onTheBooks)} rooms booked at the same distance`,
      })
    : '';
  const lyFinal = ly?.final == null ? '' : n(ly.final);
  return (
    <Modal title={long} size="lg" isOpen onOpenChange={(open) => !open && onClose()}>
      <div className="flex flex-col gap-4" data-testid="price-night-dialog" data-date={night.date}>
        <div className="flex flex-col gap-1 rounded-xl bg-sand-100 p-3 text-slate-900">
          <p data-testid="price-night-hotel">
            {plural(Math.round(night.capacity), {
              one: `${n(night.onTheBooks)} of ${n(night.capacity)} room booked`,
              other: `${n(night.onTheBooks)} of ${n(night.capacity)} rooms booked`,
            })}
            {', '}
            {plural(night.lead, {
              one: `${n(night.lead)} day ahead`,
              other: `${n(night.lead)} days ahead`,
            })}
            {language === 'ar' ? '؛ ' : '; '}
            {plural(Math.round(night.forecast), {
              one: `the forecast ${n(night.forecast)} room`,
              other: `the forecast ${n(night.forecast)} rooms`,
            })}
            {language === 'ar' ? '، ' : ', '}
            <Trans>
              likely between {n(night.low)} and {n(night.high)}.
            </Trans>
            {night.constrained ? (
              <>
                {' '}
                <Trans>The forecast fills the hotel.</Trans>
              </>
            ) : null}
          </p>
          {ly ? (
            <p>
              {ly.final === null ? (
                <Trans>
                  Last year ({lyDate}): {lyBooked}.
                </Trans>
              ) : (
                <Trans>
                  Last year ({lyDate}): {lyBooked}, {lyFinal} stayed.
                </Trans>
              )}
            </p>
          ) : null}
          {night.events.map((e) => (
            <p key={e.kind} className="font-semibold">
              {language === 'ar' ? e.nameAr : e.nameEn}
              {e.confirmed || e.uncertaintyDays === 0 ? null : (
                <span className="font-normal">
                  {' '}
                  <Trans>(may move a day either way until confirmed)</Trans>
                </span>
              )}
            </p>
          ))}
        </div>
        {Object.entries(night.types).map(([type, line]) => (
          <TypeSection
            key={type}
            date={night.date}
            type={type}
            line={line}
            suggestions={suggestions.filter((s) => s.roomType === type)}
            isPending={isPending}
            onApprove={onApprove}
          />
        ))}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onPress={onClose}>
            <Trans>Close</Trans>
          </Button>
          {suggestions.length ? (
            <Button
              isDisabled={isPending}
              onPress={() => onApprove(suggestions.map((s) => s.id))}
              data-testid="price-night-approve-all"
            >
              {t`Approve the night's ${n(suggestions.length)} suggestions`}
            </Button>
          ) : null}
        </div>
      </div>
    </Modal>
  );
}

function LockText({ reason }: { reason: LockReason }) {
  switch (reason) {
    case 'locked':
      return <Trans>Locked: no suggestion, the autopilot leaves it.</Trans>;
    case 'closed':
      return <Trans>Closed to sale on the rate calendar.</Trans>;
    case 'manual_price':
      return (
        <Trans>Its price was typed on the rate calendar since the last approval: it is left as typed.</Trans>
      );
    case 'not_sold':
      return <Trans>Not sold on the standard plan.</Trans>;
  }
}

function LimitText({ limit }: { limit: SuggestionLimit }) {
  switch (limit) {
    case 'floor':
      return <Trans>Held at the floor.</Trans>;
    case 'ceiling':
      return <Trans>Held at the ceiling.</Trans>;
    case 'step_cap':
      return <Trans>Held by the step cap.</Trans>;
    case null:
      return null;
  }
}

function TypeSection({
  date,
  type,
  line,
  suggestions,
  isPending,
  onApprove,
}: {
  date: string;
  type: string;
  line: SuggestionNightType;
  suggestions: Suggestion[];
  isPending: boolean;
  onApprove: (ids: string[]) => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const name = useRoomName()(type);
  const lock = useLockNights();
  const locked = line.lock === 'locked';
  const setLock = () =>
    lock.mutate(
      { from: date, to: date, roomTypes: [type], locked: !locked },
      {
        onSuccess: (body) => showToast({ variant: 'success', title: body.message }),
        onError: (error) => showToast({ variant: 'error', title: errorMessage(error, t`Please try again.`) }),
      },
    );
  return (
    <section
      className="flex flex-col gap-2 rounded-xl border border-sand-200 p-3"
      aria-label={name}
      data-testid="price-night-type"
      data-type={type}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-lg font-bold text-teal-800">{name}</h3>
        <p className="tabular-nums text-slate-900">
          <Trans>
            Now {formatPrice(line.currentBaisa, language)}; {formatCount(line.onTheBooks, language)} of{' '}
            {formatCount(line.capacity ?? 0, language)} booked
          </Trans>
        </p>
      </div>
      {line.lock ? (
        <p className="text-slate-800" data-testid="price-night-lock">
          <LockText reason={line.lock} />
        </p>
      ) : null}
      <ol className="flex flex-col gap-1 text-sm" aria-label={t`How the price is worked out`}>
        {line.ladder.map((step, i) => (
          <li
            key={`${step.step}-${i}`}
            className="flex items-baseline justify-between gap-3 border-b border-sand-100 pb-1"
            data-step={step.step}
          >
            <span className="text-slate-800">{saidIn(step, language)}</span>
            <span className="shrink-0 font-semibold tabular-nums text-slate-900">
              {formatPrice(step.priceBaisa, language)}
            </span>
          </li>
        ))}
      </ol>
      {suggestions.map((s) => (
        <div
          key={s.id}
          className="flex flex-col gap-1 rounded-lg bg-sand-50 p-2"
          data-testid="price-suggestion"
          data-kind={s.kind}
          data-suggested={s.suggestedBaisa}
        >
          <p className="font-semibold text-slate-900">
            <Trans>Suggested:</Trans> <SuggestionValue suggestion={s} /> <LimitText limit={s.limit} />
          </p>
          <ul className="list-disc ps-5 text-sm text-slate-800" data-testid="price-suggestion-reasons">
            {s.reasons.map((r, i) => (
              <li key={i}>{saidIn(r, language)}</li>
            ))}
          </ul>
          <div>
            <Button
              variant="secondary"
              isDisabled={isPending}
              onPress={() => onApprove([s.id])}
              data-testid="price-suggestion-approve"
            >
              <Trans>Approve</Trans>
            </Button>
          </div>
        </div>
      ))}
      {line.lock === null || locked ? (
        <div>
          <Button
            variant="ghost"
            isDisabled={lock.isPending}
            onPress={setLock}
            data-testid="price-night-lock-toggle"
          >
            {locked ? <Trans>Unlock this night</Trans> : <Trans>Lock this night</Trans>}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
