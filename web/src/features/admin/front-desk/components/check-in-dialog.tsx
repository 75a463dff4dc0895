import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { RoomStatus } from '@shared/constants';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Modal } from '@/components/ui/dialog';
import { Select, SelectItem } from '@/components/ui/select';
import { missingStayFields } from '@shared/registration-schemas';
import {
  companionBodies,
  companionRows,
  companionsChanged,
  CompanionRows,
  type CompanionValues,
} from '@/entities/admin/registrations/companions-editor';
import { useMissingWords } from '@/entities/admin/registrations/registration-words';
import { useCompleteRegistration, usePutCompanions } from '@/entities/admin/registrations/registrations-api';
import {
  countryName,
  GuestDocumentFields,
  type GuestDocumentValues,
  guestDocumentBody,
  guestDocumentValues,
  likelyDocumentType,
  useDocumentTypeLabel,
} from '@/entities/guest-profile/guest-document-fields';
import { useRoomName } from '@/entities/rooms/room-names';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { guestsCount } from '@/lib/counts';
import { formatDate } from '@/lib/format';
import { formatRoomNumber } from '@/lib/format-room-number';
import { useOnline } from '@/lib/use-online';
import { useCheckInOptions, type DeskBooking } from '../api/front-desk';

const ROOM_STATUS_LABELS: Record<RoomStatus, MessageDescriptor> = {
  clean: msg({ message: 'Clean', context: 'room status' }),
  dirty: msg({ message: 'Dirty', context: 'room status' }),
  inspected: msg({ message: 'Inspected', context: 'room status' }),
  out_of_order: msg({ message: 'Out of order', context: 'room status' }),
};

/** What the desk sends when staff confirm: the room chosen (when it differs) and the ID check. */
export type CheckInChoice = { roomId?: number; idChecked: true };

/**
 * The desk's check-in, one form and one save (decision 097): the room proposed (the stay's own, or
 * the first free clean one of its type), a way to choose another free clean room of the type, and
 * the registration details staff check against the guest's ID document. What the police still
 * need is asked right there, the lead guest's fields and the other adults' rows open at once
 * (Oman first among the nationalities, the document a citizen most likely carries chosen with the
 * nationality, the other adults' nationality the lead guest's until changed); "Check in" saves what
 * was typed (the guest's profile, then the other adults), then checks in, and stops with the
 * refusal on its field if a save is refused, nothing typed lost. The server still judges the room
 * when the check-in is made (taken meanwhile, or not clean: asked again). The default export, a
 * lazy chunk of its own.
 */
export default function CheckInDialog({
  booking,
  isPending,
  onConfirm,
  onClose,
}: {
  booking: DeskBooking;
  isPending: boolean;
  onConfirm: (choice: CheckInChoice) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const roomName = useRoomName();
  const language = useLanguage();
  const online = useOnline();
  const options = useCheckInOptions(booking.id);
  const [roomId, setRoomId] = useState<number | null>(null);
  const [idChecked, setIdChecked] = useState(false);
  const documentType = useDocumentTypeLabel();
  const missingWords = useMissingWords();
  const complete = useCompleteRegistration();
  const putCompanions = usePutCompanions();
  const [typedDetails, setDetails] = useState<GuestDocumentValues | null>(null);
  const [typedOthers, setOthers] = useState<CompanionValues[] | null>(null);
  const [saving, setSaving] = useState(false);
  const name = booking.fullName;
  const rooms = options.data?.rooms ?? [];
  const proposed = options.data?.proposed ?? null;
  const chosen = rooms.find((r) => r.id === (roomId ?? proposed?.id)) ?? proposed;
  const registration = options.data?.registration;
  const document = registration
    ? [documentType(registration.documentType), registration.documentNumber ?? registration.idNumber]
        .filter((part) => part)
        .join(' · ')
    : '';
  // What the police need and the guest's details lack: asked for here, before the check-in.
  const missing = registration
    ? missingStayFields(
        { ...registration, documentNumber: registration.documentNumber ?? (registration.idNumber || null) },
        registration.adults,
        registration.companions,
      )
    : [];
  // The lead guest's own fields (the other adults have their rows below).
  const leadMissing = missing.some((m) => !m.includes('.') && m !== 'adults');
  const profileId = registration?.profileId ?? null;
  const askOthers = registration ? registration.adults > 1 || registration.companions.length > 0 : false;

  // The fields open as the registration arrives (until staff type in them): the lead guest's when
  // the police still need some of them, the other adults' rows (recorded ones and one for each
  // adult not yet).
  const known = registration ? guestDocumentValues(registration) : null;
  const openDetails =
    known && profileId !== null && leadMissing
      ? { ...known, documentType: known.documentType || likelyDocumentType(known.nationality) }
      : null;
  const openOthers =
    registration && askOthers ? companionRows(registration.adults, registration.companions) : [];
  const details = typedDetails ?? openDetails;
  const others = typedOthers ?? openOthers;

  /** The lead guest's details changed: the other adults' empty nationality follows theirs. */
  function changeDetails(next: GuestDocumentValues) {
    if (next.nationality !== details?.nationality) {
      setOthers(
        others.map((row) =>
          row.nationality === '' || row.nationality === details?.nationality
            ? {
                ...row,
                nationality: next.nationality,
                documentType: row.documentType || likelyDocumentType(next.nationality),
              }
            : row,
        ),
      );
    }
    setDetails(next);
  }

  /** What the guest's profile takes of the details shown: what differs from it (an empty field stays as it is). */
  const detailsPatch = () => {
    if (!details || !known) return {};
    const before = guestDocumentBody(known) as Record<string, string | null>;
    return Object.fromEntries(
      Object.entries(guestDocumentBody(details)).filter(([key, v]) => v !== null && v !== before[key]),
    );
  };

  /** One save: the details typed, then the other adults, then the check-in; stops at a refusal. */
  async function confirm() {
    setSaving(true);
    try {
      const patch = detailsPatch();
      if (profileId !== null && Object.keys(patch).length > 0) {
        await complete.mutateAsync({ profileId, patch });
      }
      if (registration && companionsChanged(others, registration.companions)) {
        await putCompanions.mutateAsync({ bookingId: booking.id, companions: companionBodies(others) });
      }
    } catch {
      // The refusal shows on its field (or as the form's error) below; nothing typed is lost.
      return;
    } finally {
      setSaving(false);
    }
    // The room goes with the check-in unless it is the stay's own (the server uses that one).
    const differs = chosen !== null && chosen.id !== booking.room?.id;
    onConfirm({ ...(differs && { roomId: chosen.id }), idChecked: true });
  }
  const saveFailure = complete.error ?? putCompanions.error;

  return (
    <Modal title={t`Check ${name} in?`} size="md" isOpen onOpenChange={(open) => !open && onClose()}>
      <div className="flex flex-col gap-4" data-testid="desk-check-in-dialog">
        {options.isPending ? (
          <p role="status" className="text-slate-700">
            <Trans>Finding a room...</Trans>
          </p>
        ) : options.isError ? (
          <LoadError onRetry={() => void options.refetch()}>
            {errorMessage(options.error, t`The rooms could not be loaded.`)}
          </LoadError>
        ) : (
          <>
            <section className="flex flex-col gap-2" aria-labelledby="desk-check-in-room-heading">
              <h3 id="desk-check-in-room-heading" className="font-bold text-teal-800">
                <Trans>Room</Trans>
              </h3>
              {chosen ? (
                <p className="text-lg text-slate-900" data-testid="desk-check-in-room">
                  <Trans>
                    Room{' '}
                    <span translate="no" className="font-bold">
                      {formatRoomNumber(chosen.number, language)}
                    </span>{' '}
                    ({i18n._(ROOM_STATUS_LABELS[chosen.status])}), {roomName(booking.roomType)}
                  </Trans>
                </p>
              ) : (
                <p className="rounded-lg bg-amber-50 p-2 text-amber-950" data-testid="desk-check-in-room">
                  <Trans>
                    No clean room of this type is free for the whole stay: the check-in takes the best free
                    one and asks first if it is not clean.
                  </Trans>
                </p>
              )}
              {rooms.length > 1 ? (
                <Select
                  label={t`Change the room`}
                  description={t`Free clean rooms of this type, for the whole stay.`}
                  selectedKey={chosen?.id ?? null}
                  onSelectionChange={(key) => setRoomId(Number(key))}
                  data-testid="desk-check-in-room-select"
                >
                  {rooms.map((room) => {
                    const number = formatRoomNumber(room.number, language);
                    const status = i18n._(ROOM_STATUS_LABELS[room.status]);
                    return (
                      <SelectItem key={room.id} id={room.id} textValue={`${number} ${status}`}>
                        {t`${number}, ${status}`}
                      </SelectItem>
                    );
                  })}
                </Select>
              ) : null}
            </section>
            {registration ? (
              <section
                className="flex flex-col gap-2 border-t border-sand-200 pt-3"
                aria-labelledby="desk-check-in-id-heading"
              >
                <h3 id="desk-check-in-id-heading" className="font-bold text-teal-800">
                  <Trans>ID check</Trans>
                </h3>
                <dl
                  className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-slate-800"
                  data-testid="desk-check-in-registration"
                >
                  <dt className="font-semibold">
                    <Trans>Name</Trans>
                  </dt>
                  <dd>{registration.fullName}</dd>
                  <dt className="font-semibold">
                    <Trans>ID document</Trans>
                  </dt>
                  <dd>
                    <bdi dir="ltr">{document || '—'}</bdi>
                  </dd>
                  <dt className="font-semibold">
                    <Trans>Nationality</Trans>
                  </dt>
                  <dd>{registration.nationality ? countryName(registration.nationality, language) : '—'}</dd>
                  <dt className="font-semibold">
                    <Trans>Date of birth</Trans>
                  </dt>
                  <dd>{registration.dateOfBirth ? formatDate(registration.dateOfBirth, language) : '—'}</dd>
                  <dt className="font-semibold">
                    <Trans>Guests</Trans>
                  </dt>
                  <dd>{guestsCount(registration.numberOfGuests ?? 1, language)}</dd>
                </dl>
                {missing.length > 0 ? (
                  <p
                    className="rounded-lg bg-amber-50 p-3 text-amber-950"
                    data-testid="desk-check-in-missing"
                  >
                    <Trans>
                      For the police registration, still needed:{' '}
                      {missingWords(missing, registration.companions)}.
                    </Trans>
                  </p>
                ) : null}
                {details ? (
                  <fieldset className="flex flex-col gap-3" data-testid="desk-check-in-lead">
                    <legend className="mb-2 font-bold text-teal-800">
                      <Trans>The guest&apos;s details</Trans>
                    </legend>
                    <GuestDocumentFields
                      values={details}
                      onChange={changeDetails}
                      errors={fieldErrorsOf(complete.error)}
                    />
                  </fieldset>
                ) : null}
                {askOthers ? (
                  <fieldset className="flex flex-col gap-3" data-testid="companions-editor">
                    <legend className="mb-2 font-bold text-teal-800">
                      <Trans>The other adults in the room</Trans>
                    </legend>
                    <CompanionRows
                      rows={others}
                      onChange={setOthers}
                      errors={fieldErrorsOf(putCompanions.error)}
                    />
                  </fieldset>
                ) : null}
                {saveFailure &&
                Object.keys(fieldErrorsOf(complete.error)).length === 0 &&
                Object.keys(fieldErrorsOf(putCompanions.error)).length === 0 ? (
                  <p role="alert" className="text-red-700" data-testid="desk-check-in-save-failed">
                    {errorMessage(saveFailure, t`The details were not saved.`)}
                  </p>
                ) : null}
                {registration.onlineCheckIn ? (
                  <p className="text-sm font-semibold text-teal-800">
                    <Trans>The guest gave these details at online check-in.</Trans>
                  </p>
                ) : null}
                <Checkbox
                  isSelected={idChecked}
                  onChange={setIdChecked}
                  data-testid="desk-check-in-id-checked"
                >
                  <Trans>I have seen the guest&apos;s ID document and it matches these details</Trans>
                </Checkbox>
              </section>
            ) : null}
          </>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onPress={onClose}>
            <Trans>Not now</Trans>
          </Button>
          <Button
            isPending={isPending || saving}
            isDisabled={!online || !idChecked || options.isPending || options.isError}
            onPress={() => void confirm()}
            data-testid="desk-check-in-confirm"
          >
            <Trans>Check in</Trans>
          </Button>
        </div>
      </div>
    </Modal>
  );
}
