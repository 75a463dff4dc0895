import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { eventCreateSchema, eventUpdateSchema, type EventKind } from '@shared/revenue';
import { hotelToday } from '@shared/dates';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { DatePicker } from '@/components/ui/date-picker';
import { Modal } from '@/components/ui/dialog';
import { RadioGroup, RadioOption } from '@/components/ui/radio-group';
import { Switch } from '@/components/ui/switch';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { type FieldErrors, fieldMessage, validateWith } from '@/lib/field-messages';
import { formatDate, formatYear } from '@/lib/format';
import { type RevenueEvent, useEventChange, useEvents } from '../api/revenue';
import { RevenueFrame } from './revenue-frame';
import { Separator } from '@/components/separator';

/** An event's kind, in words. */
function KindName({ kind }: { kind: EventKind }) {
  switch (kind) {
    case 'ramadan':
      return <Trans>Ramadan</Trans>;
    case 'eid_al_fitr':
      return <Trans>Eid al-Fitr</Trans>;
    case 'eid_al_adha':
      return <Trans>Eid al-Adha</Trans>;
    case 'islamic_new_year':
      return <Trans>Islamic New Year</Trans>;
    case 'prophets_birthday':
      return <Trans>The Prophet's Birthday</Trans>;
    case 'national_day':
      return <Trans>National Day</Trans>;
    case 'khareef':
      return <Trans>Khareef</Trans>;
    case 'school_holiday':
      return <Trans>School holiday</Trans>;
    case 'hotel':
      return <Trans>The hotel's event</Trans>;
  }
}

/**
 * /admin/revenue/events?year (managers): the Gulf's calendar of a year, as the forecast reads it:
 * the Hijri events (Ramadan, the Eids, the Islamic New Year, the Prophet's Birthday) computed from
 * the Umm al-Qura calendar and marked ±1 day until confirmed (Oman decides by sighting the moon),
 * National Day, Khareef, the school holidays and the hotel's own events. A manager confirms or
 * moves a date, renames, adds and deletes.
 */
export function EventsScreen() {
  const { t } = useLingui();
  const language = useLanguage();
  const [year, setYear] = useState(Number(hotelToday().slice(0, 4)));
  const events = useEvents(year);
  const [editing, setEditing] = useState<RevenueEvent | 'new' | null>(null);
  const change = useEventChange();
  const name = (e: RevenueEvent) => (language === 'ar' ? e.nameAr : e.nameEn);
  return (
    <RevenueFrame
      screen="events"
      subtitle={
        <Trans>
          The events that move demand, learnt from year to year: the Hijri ones are aligned with last year's
          by their Hijri date.
        </Trans>
      }
    >
      <div className="flex flex-wrap items-center gap-3" role="group" aria-label={t`Year`}>
        <Button
          variant="secondary"
          onPress={() => setYear(year - 1)}
          aria-label={t`The year before`}
          data-testid="events-previous"
        >
          <span aria-hidden="true" className="rtl:rotate-180">
            ‹
          </span>
        </Button>
        <p
          className="min-w-20 text-center text-2xl font-bold text-teal-800 tabular-nums"
          aria-live="polite"
          data-testid="events-year"
        >
          {formatYear(year, language)}
        </p>
        <Button
          variant="secondary"
          onPress={() => setYear(year + 1)}
          aria-label={t`The year after`}
          data-testid="events-next"
        >
          <span aria-hidden="true" className="rtl:rotate-180">
            ›
          </span>
        </Button>
        <Button onPress={() => setEditing('new')} data-testid="events-add">
          <Trans>Add an event</Trans>
        </Button>
      </div>
      {events.isError ? (
        <LoadError onRetry={() => void events.refetch()}>
          {errorMessage(events.error, t`The calendar could not be loaded.`)}
        </LoadError>
      ) : !events.data ? (
        <p role="status" className="text-slate-700">
          <Trans>Loading the calendar…</Trans>
        </p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t`Events of the year`} data-testid="events-list">
          {events.data.events.map((e) => (
            <li
              key={e.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm"
              data-testid="event"
              data-kind={e.kind}
            >
              <div className="flex min-w-0 flex-col gap-1">
                <p className="text-lg font-bold text-slate-900">
                  <bdi>{name(e)}</bdi>
                </p>
                <p className="text-slate-700">
                  <KindName kind={e.kind} />
                  <Separator />
                  {e.from === e.to ? (
                    formatDate(e.from, language)
                  ) : (
                    <Trans>
                      {formatDate(e.from, language)} to {formatDate(e.to, language)}
                    </Trans>
                  )}
                </p>
                {e.uncertaintyDays > 0 ? (
                  <p
                    className="w-fit rounded-full bg-amber-100 px-3 py-0.5 text-sm font-semibold text-amber-950"
                    data-testid="event-unconfirmed"
                  >
                    <Trans>May move a day either way until confirmed (the moon's sighting)</Trans>
                  </p>
                ) : e.confirmed ? null : (
                  <p className="w-fit rounded-full bg-sand-100 px-3 py-0.5 text-sm font-semibold text-slate-800">
                    <Trans>Usual dates: check this year's</Trans>
                  </p>
                )}
              </div>
              <div className="flex flex-wrap gap-2">
                {!e.confirmed ? (
                  <Button
                    onPress={() =>
                      change.mutate(
                        { kind: 'update', id: e.id, event: { confirmed: true } },
                        {
                          onSuccess: (r) => showToast({ variant: 'success', title: r.message }),
                          onError: (err) =>
                            showToast({ variant: 'error', title: errorMessage(err, t`Not saved.`) }),
                        },
                      )
                    }
                    aria-label={t`Confirm ${name(e)}`}
                    data-testid="event-confirm"
                  >
                    <Trans>Confirm</Trans>
                  </Button>
                ) : null}
                <Button variant="secondary" onPress={() => setEditing(e)} aria-label={t`Change ${name(e)}`}>
                  <Trans>Change</Trans>
                </Button>
                <Button
                  variant="secondary"
                  onPress={() =>
                    change.mutate(
                      { kind: 'delete', id: e.id },
                      {
                        onSuccess: (r) => showToast({ variant: 'success', title: r.message }),
                        onError: (err) =>
                          showToast({ variant: 'error', title: errorMessage(err, t`Not deleted.`) }),
                      },
                    )
                  }
                  aria-label={t`Delete ${name(e)}`}
                >
                  <Trans>Delete</Trans>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing ? (
        <EventDialog
          event={editing === 'new' ? null : editing}
          year={year}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </RevenueFrame>
  );
}

/** A new event, or one changed: names in both languages, its days, confirmed or not. */
function EventDialog({
  event,
  year,
  onClose,
}: {
  event: RevenueEvent | null;
  year: number;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const change = useEventChange();
  const [kind, setKind] = useState<'hotel' | 'school_holiday'>('hotel');
  const [nameAr, setNameAr] = useState(event?.nameAr ?? '');
  const [nameEn, setNameEn] = useState(event?.nameEn ?? '');
  const [from, setFrom] = useState(event?.from ?? `${year}-01-01`);
  const [to, setTo] = useState(event?.to ?? `${year}-01-01`);
  const [confirmed, setConfirmed] = useState(event?.confirmed ?? true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const message = (field: string) => fieldMessage(i18n, errors[field]);
  const save = () => {
    const checked = event
      ? validateWith(eventUpdateSchema, { nameAr, nameEn, from, to, confirmed })
      : validateWith(eventCreateSchema, { kind, nameAr, nameEn, from, to });
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    change.mutate(
      event
        ? { kind: 'update', id: event.id, event: { nameAr, nameEn, from, to, confirmed } }
        : { kind: 'create', event: { kind, nameAr, nameEn, from, to } },
      {
        onSuccess: (r) => {
          showToast({ variant: 'success', title: r.message });
          onClose();
        },
        onError: (err) => setErrors({ ...fieldErrorsOf(err), _: errorMessage(err, t`Not saved.`) }),
      },
    );
  };
  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={event ? <Trans>Change the event</Trans> : <Trans>Add an event</Trans>}
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
        data-testid="event-form"
      >
        {event ? null : (
          <RadioGroup label={t`Kind`} value={kind} onChange={(v) => setKind(v as 'hotel' | 'school_holiday')}>
            <RadioOption value="hotel">
              <Trans>The hotel's event (a conference, a wedding, a festival)</Trans>
            </RadioOption>
            <RadioOption value="school_holiday">
              <Trans>A school holiday</Trans>
            </RadioOption>
          </RadioGroup>
        )}
        <TextField
          label={t`Name in Arabic`}
          value={nameAr}
          onChange={setNameAr}
          inputDir="rtl"
          errorMessage={message('nameAr')}
        />
        <TextField
          label={t`Name in English`}
          value={nameEn}
          onChange={setNameEn}
          inputDir="ltr"
          errorMessage={message('nameEn')}
        />
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <DatePicker label={t`First day`} value={from} onChange={setFrom} errorMessage={message('from')} />
          <DatePicker
            label={t`Last day`}
            value={to}
            minValue={from}
            onChange={setTo}
            errorMessage={message('to')}
          />
        </div>
        {event ? (
          <Switch isSelected={confirmed} onChange={setConfirmed}>
            <Trans>The dates are confirmed</Trans>
          </Switch>
        ) : null}
        {errors._ ? (
          <p role="alert" className="text-red-700">
            {errors._}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onPress={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" isDisabled={change.isPending} data-testid="event-save">
            <Trans>Save</Trans>
          </Button>
        </div>
      </form>
    </Modal>
  );
}
