import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useLanguage } from '@/hooks/use-language';
import { formatCount, formatDateTime } from '@/lib/format';
import { formatTimeOfDay } from '@/lib/format-time';
import { lazy } from '@/lib/lazy';
import type { ManagedBooking } from '../../api/managed-booking';

const OnlineCheckInForm = lazy(() => import('./online-check-in-form'));

/**
 * The booking page's online check-in, for an approved or confirmed booking:
 * before the window, when it opens (hotel time); in it, a form loaded on intent (arrival time,
 * adults and children, requests, the ID photo, the hotel's terms); once done, "Checked in online"
 * with the details, which the guest may change until the end of the arrival day.
 */
export function OnlineCheckInSection({ booking }: { booking: ManagedBooking }) {
  const { t } = useLingui();
  const language = useLanguage();
  const [editing, setEditing] = useState(false);
  // When the page was opened: before the window, the section says when it opens.
  const [openedAt] = useState(() => Date.now());
  if (booking.status !== 'approved' && booking.status !== 'confirmed') return null;
  // Checked in at the desk: online check-in is behind the guest.
  if ((booking.stay as ManagedBooking['stay'] | undefined)?.checkedInAt) return null;
  const done = booking.onlineCheckIn;
  const open = booking.policy.mayCheckInOnline;
  const notYet = !open && openedAt < new Date(booking.policy.onlineCheckInOpensAt).getTime();
  if (!done && !open && !notYet) return null;

  return (
    <section
      aria-labelledby="online-check-in-heading"
      data-testid="online-check-in"
      // The booking page's other sections' card (managed-booking-details.tsx).
      className="flex flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="online-check-in-heading" className="text-xl font-bold text-slate-900">
        <Trans>Online check-in</Trans>
      </h2>
      {done && !editing ? (
        <>
          <p
            role="status"
            className="flex items-center gap-2 self-start rounded-full bg-emerald-100 px-3 py-1 text-sm font-bold text-emerald-950 ring-1 ring-emerald-300"
          >
            <span aria-hidden="true">✓</span>
            <Trans>Checked in online</Trans>
          </p>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
            <div>
              <dt className="font-semibold text-slate-600">
                <Trans>Arrival time</Trans>
              </dt>
              <dd className="text-slate-900">{formatTimeOfDay(done.arrivalTime, language)}</dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-600">
                <Trans>Adults</Trans>
              </dt>
              <dd className="text-slate-900">{formatCount(done.adults, language)}</dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-600">
                <Trans>Children</Trans>
              </dt>
              <dd className="text-slate-900">{formatCount(done.children, language)}</dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-600">
                <Trans>Terms accepted</Trans>
              </dt>
              <dd className="text-slate-900">{formatDateTime(done.termsAcceptedAt, language)}</dd>
            </div>
            {done.specialRequests ? (
              <div className="col-span-2 sm:col-span-4">
                <dt className="font-semibold text-slate-600">
                  <Trans>Special requests</Trans>
                </dt>
                <dd dir="auto" className="break-words whitespace-pre-line text-slate-900">
                  {done.specialRequests}
                </dd>
              </div>
            ) : null}
          </dl>
          <p className="text-sm text-slate-600">
            <Trans>
              Your ID photo is with the hotel. Only the hotel's staff can see it, and it is deleted after your
              stay.
            </Trans>
          </p>
          {open ? (
            <Button variant="secondary" className="self-start" onPress={() => setEditing(true)}>
              <Trans>Change check-in details</Trans>
            </Button>
          ) : null}
        </>
      ) : notYet ? (
        <p className="text-base text-slate-800" data-testid="online-check-in-opens">
          <Trans>
            Online check-in opens on {formatDateTime(booking.policy.onlineCheckInOpensAt, language)} (hotel
            time). You can then add your arrival time and a photo of your ID to save time at the desk.
          </Trans>
        </p>
      ) : editing || open ? (
        editing || done ? (
          <Suspense fallback={<p className="text-sm text-slate-600">{t`Loading…`}</p>}>
            <OnlineCheckInForm booking={booking} onDone={() => setEditing(false)} />
          </Suspense>
        ) : (
          <StartCheckIn booking={booking} />
        )
      ) : null}
    </section>
  );
}

/** In the window, before anything is filled: a sentence and the button that loads the form. */
function StartCheckIn({ booking }: { booking: ManagedBooking }) {
  const { t } = useLingui();
  const [started, setStarted] = useState(false);
  if (started) {
    return (
      <Suspense fallback={<p className="text-sm text-slate-600">{t`Loading…`}</p>}>
        <OnlineCheckInForm booking={booking} onDone={() => setStarted(false)} />
      </Suspense>
    );
  }
  return (
    <>
      <p className="text-base text-slate-800">
        <Trans>
          Save time at the desk: tell us when you arrive and who is coming, and add a photo of your ID or
          passport.
        </Trans>
      </p>
      <Button className="self-start" onPress={() => setStarted(true)}>
        <Trans>Check in online</Trans>
      </Button>
    </>
  );
}
