import { currentLanguage } from '@/lib/i18n';
import { useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { db } from '@/offline/db';
import { claimOutcomes, type OutboxEntryView, waitsForPhone } from '@/offline/outbox';
import { showToast, type ToastContent } from '../ui/toast-queue';

/**
 * Tells the guest, once, what became of what the outbox delivered for them later:
 * a prize-draw entry or a review queued offline, or kept on the device after its first try,
 * gets a toast when it is sent or refused, or kept until its phone is verified, on whichever page the guest is, in the language
 * they are using then. "Once" is Dexie's `notifiedAt`, claimed in a transaction
 * (offline/outbox.ts claimOutcomes), so a reload or a second tab does not tell it again.
 * Booking requests are told by features/bookings (with the alternatives of a refusal).
 * Lazy: it reads Dexie; mounted only on a device that uses the outbox.
 */
export default function OutboxAnnouncements() {
  const { t } = useLingui();
  // The ids of settled entries nobody has told yet: a change wakes the claim below.
  const untold = useLiveQuery(
    async () =>
      (await db.outbox.where('state').anyOf('sent', 'refused', 'waiting').toArray())
        .filter(
          (e) =>
            e.kind !== 'booking' &&
            (e.state !== 'waiting' || waitsForPhone(e)) &&
            (e.notifiedAt ?? null) === null,
        )
        .map((e) => e.id)
        .join(' '),
    [],
  );

  useEffect(() => {
    if (!untold) return;
    /** What the guest is told of one entry, in the language of the moment. */
    const announcement = (entry: OutboxEntryView): ToastContent => {
      if (entry.needsPhone) {
        return {
          variant: 'error',
          title: t`Verify your phone to send your entry`,
          description: t`Your entry is kept on this device. Open “Saved on this device” and verify the phone number with a code; the entry is then sent.`,
        };
      }
      const sent = entry.state === 'sent';
      const reason = entry.lastError?.message || t`Open “Saved on this device” to see it.`;
      switch (entry.kind) {
        case 'photography':
          return sent
            ? {
                variant: 'success',
                title: t`Your photography contest entry was sent`,
                description: t`Good luck in the draw!`,
              }
            : {
                variant: 'error',
                title: t`Your photography contest entry was not accepted`,
                description: reason,
              };
        case 'google_review':
          return sent
            ? {
                variant: 'success',
                title: t`Your hotel rating draw entry was sent`,
                description: t`Good luck in the draw!`,
              }
            : {
                variant: 'error',
                title: t`Your hotel rating draw entry was not accepted`,
                description: reason,
              };
        case 'location_sharing':
          return sent
            ? {
                variant: 'success',
                title: t`Your location sharing entry was sent`,
                description: t`Good luck in the draw!`,
              }
            : {
                variant: 'error',
                title: t`Your location sharing entry was not accepted`,
                description: reason,
              };
        case 'extra':
          return sent
            ? {
                variant: 'success',
                title: t`Your extra was sent to the hotel`,
                description: t`It is in “Your extras” on your booking's page.`,
              }
            : { variant: 'error', title: t`Your extra could not be added`, description: reason };
        case 'order': {
          const placeName =
            currentLanguage() === 'ar' ? entry.order?.outletNameAr : entry.order?.outletNameEn;
          return sent
            ? {
                variant: 'success',
                title: t`Your order to ${placeName} was sent`,
                description: t`It is charged to your room once the outlet accepts it.`,
              }
            : {
                variant: 'error',
                title: t`Your order to ${placeName} was not accepted`,
                description: reason,
              };
        }
        default:
          return sent
            ? {
                variant: 'success',
                title: t`Your review was sent`,
                description: t`It will be shown once the hotel approves it.`,
              }
            : { variant: 'error', title: t`Your review was not accepted`, description: reason };
      }
    };
    void claimOutcomes().then(
      (entries) => {
        for (const entry of entries) showToast(announcement(entry));
      },
      () => undefined,
    );
  }, [untold, t]);

  return null;
}
