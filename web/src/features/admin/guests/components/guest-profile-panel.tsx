import { Suspense, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@/components/ui/button';
import { statusLabel } from '@/entities/bookings/booking-labels';
import { Switch } from '@/components/ui/switch';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import {
  GuestDocumentFields,
  guestDocumentBody,
  guestDocumentValues,
  type GuestDocumentValues,
} from '@/entities/guest-profile/guest-document-fields';
import { errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { useLanguage } from '@/hooks/use-language';
import { formatDate } from '@/lib/format';
import { formatReference } from '@/lib/format-reference';
import { formatRoomNumber } from '@/lib/format-room-number';
import { lazy } from '@/lib/lazy';
import { useGuest, usePatchGuest, type GuestDetail, type GuestSummary } from '../api/guests';
import { formatPhone } from '@shared/phone-countries';
import { Separator } from '@/components/separator';

const MergeGuestDialog = lazy(() => import('./merge-guest-dialog'));

/** One guest's profile: details, flags and notes to correct, their stays, and duplicates to merge. */
export default function GuestProfilePanel({
  id,
  duplicates,
  onMerged,
}: {
  id: number;
  duplicates: GuestSummary[];
  onMerged: () => void;
}) {
  const guest = useGuest(id);
  if (guest.isPending) return <p className="text-slate-700">…</p>;
  if (guest.isError) {
    return (
      <p role="alert" className="text-red-700">
        {errorMessage(guest.error, '')}
      </p>
    );
  }
  // A new form for each profile (and after each save), from what the server answered.
  return (
    <ProfileForm
      key={`${id}:${String(guest.data.profile.updatedAt)}`}
      detail={guest.data}
      duplicates={duplicates}
      onMerged={onMerged}
    />
  );
}

function ProfileForm({
  detail,
  duplicates,
  onMerged,
}: {
  detail: GuestDetail;
  duplicates: GuestSummary[];
  onMerged: () => void;
}) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const { profile, stays } = detail;
  const [doc, setDoc] = useState<GuestDocumentValues>(guestDocumentValues(profile));
  const [preferences, setPreferences] = useState(profile.preferences ?? '');
  const [notes, setNotes] = useState(profile.notes ?? '');
  const [vip, setVip] = useState(profile.vip);
  const [doNotRent, setDoNotRent] = useState(profile.doNotRent);
  const [merging, setMerging] = useState<GuestSummary | null>(null);
  const save = usePatchGuest();
  const errors = fieldErrorsOf(save.error);
  const submit = () =>
    save.mutate(
      {
        id: profile.id,
        patch: {
          ...guestDocumentBody(doc),
          preferences: preferences || null,
          notes: notes || null,
          vip,
          doNotRent,
        },
      },
      {
        onSuccess: (body) => showToast({ title: body.message, variant: 'success' }),
        onError: (error) =>
          showToast({ title: errorMessage(error, t`The profile was not saved`), variant: 'error' }),
      },
    );
  return (
    <div className="flex flex-col gap-6 rounded-2xl border border-sand-200 bg-white p-5">
      <div className="flex flex-col gap-1">
        <h2 className="flex flex-wrap items-center gap-2 text-2xl font-bold text-teal-800">
          {profile.fullName}
          {profile.vip ? (
            <span className="rounded-full bg-gold-100 px-2 text-base text-gold-900">
              <Trans>VIP</Trans>
            </span>
          ) : null}
        </h2>
        <p className="text-slate-700">
          <bdi dir="ltr">{formatPhone(profile.phone)}</bdi>
          {profile.email ? (
            <>
              <Separator />
              <bdi dir="ltr">{profile.email}</bdi>
            </>
          ) : null}
          <Separator />
          {profile.hasAccount ? <Trans>Has an account</Trans> : <Trans>No account</Trans>}
        </p>
        {profile.doNotRent ? (
          <p role="status" className="rounded-xl bg-red-50 p-3 font-semibold text-red-800">
            <Trans>Do not rent: check with the manager before accepting this guest.</Trans>
          </p>
        ) : null}
      </div>
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <h3 className="text-lg font-semibold text-slate-900">
          <Trans>Registration details</Trans>
        </h3>
        <GuestDocumentFields values={doc} onChange={setDoc} errors={errors} />
        <TextField
          label={t`Preferences`}
          multiline
          rows={2}
          value={preferences}
          onChange={setPreferences}
          errorMessage={errors.preferences}
          isInvalid={Boolean(errors.preferences)}
        />
        <TextField
          label={t`Staff notes`}
          multiline
          rows={3}
          value={notes}
          onChange={setNotes}
          errorMessage={errors.notes}
          isInvalid={Boolean(errors.notes)}
        />
        <div className="flex flex-wrap gap-6">
          <Switch isSelected={vip} onChange={setVip}>
            <Trans>VIP</Trans>
          </Switch>
          <Switch isSelected={doNotRent} onChange={setDoNotRent}>
            <Trans>Do not rent</Trans>
          </Switch>
        </div>
        <div>
          <Button type="submit" isPending={save.isPending}>
            <Trans>Save the profile</Trans>
          </Button>
        </div>
      </form>
      <section className="flex flex-col gap-2" aria-labelledby="guest-stays-heading">
        <h3 id="guest-stays-heading" className="text-lg font-semibold text-slate-900">
          <Trans>Stays</Trans>
        </h3>
        <ul className="flex flex-col divide-y divide-sand-200">
          {stays.map((stay) => (
            <li key={stay.id} className="flex flex-wrap justify-between gap-2 py-2">
              <span>
                <bdi dir="ltr" className="font-mono">
                  {formatReference(stay.reference)}
                </bdi>
                <Separator />
                {formatDate(stay.checkInDate, language)} – {formatDate(stay.checkOutDate, language)}
              </span>
              <span className="text-slate-700">
                {stay.roomNumber ? <StayRoom number={stay.roomNumber} /> : null}
                {stay.roomNumber ? <Separator /> : null}
                {stay.checkedInAt ? <Trans>stayed</Trans> : statusLabel(i18n, stay.status)}
              </span>
            </li>
          ))}
        </ul>
      </section>
      {duplicates.length > 0 ? (
        <section className="flex flex-col gap-2" aria-labelledby="guest-merge-heading">
          <h3 id="guest-merge-heading" className="text-lg font-semibold text-slate-900">
            <Trans>Merge a duplicate into this profile</Trans>
          </h3>
          <ul className="flex flex-col gap-2">
            {duplicates.map((other) => (
              <li key={other.id} className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  {other.fullName} · <bdi dir="ltr">{formatPhone(other.phone)}</bdi>
                </span>
                <Button variant="secondary" onPress={() => setMerging(other)}>
                  <Trans>Merge into this one</Trans>
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {merging ? (
        <Suspense fallback={null}>
          <MergeGuestDialog
            kept={{ id: profile.id, fullName: profile.fullName }}
            other={merging}
            onClose={() => setMerging(null)}
            onMerged={() => {
              setMerging(null);
              onMerged();
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

function StayRoom({ number }: { number: string }) {
  const language = useLanguage();
  const room = formatRoomNumber(number, language);
  return <Trans>Room {room}</Trans>;
}
