import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-aria-components';
import { AUTH_RULES } from '@shared/constants';
import { CHAT_RULES } from '@shared/chat-rules';
import { ID_RETENTION_DEFAULT_DAYS } from '@shared/stay-policy';
import { GUEST_PROFILE_RULES } from '@shared/guest-profile-schemas';
import { useHotelName, useSiteSettings } from '@/entities/site-settings/get-site-settings';
import { HotelPhoneLink } from '@/components/hotel-phone-link';
import { useLanguage } from '@/hooks/use-language';
import { daysCount } from '@/lib/counts';

/** E-mails and push messages sent or given up are kept this long (worker/src/cleanup.ts). */
const OUTBOX_DAYS = 30;
/** Photos uploaded for an entry that was never sent (worker/src/cleanup.ts). */
const UNSENT_UPLOAD_DAYS = 7;
const DAY_MS = 24 * 60 * 60_000;

const inlineLink =
  'font-semibold text-teal-800 underline underline-offset-2 rounded outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-gold-700';

type Row = { key: string; what: ReactNode; why: ReactNode; howLong: ReactNode };

/**
 * /privacy: what the hotel keeps about a guest, why and for how long, and the guest's rights
 * under Oman's Personal Data Protection Law (docs/decisions/043-a-guests-own-data.md). The
 * periods are the ones the code applies.
 */
export function PrivacyScreen() {
  const { t } = useLingui();
  const language = useLanguage();
  const hotel = useHotelName();
  // The hotel's own period (site settings, the retention job's), its default until they load.
  const idDays = daysCount(useSiteSettings().data?.idRetentionDays ?? ID_RETENTION_DEFAULT_DAYS, language);
  const registrationDays = daysCount(GUEST_PROFILE_RULES.registrationRetentionDaysDefault, language);
  const sessionDays = daysCount(AUTH_RULES.sessionTtlMs / DAY_MS, language);
  const chatDays = daysCount(CHAT_RULES.historyDays, language);
  const outboxDays = daysCount(OUTBOX_DAYS, language);
  const uploadDays = daysCount(UNSENT_UPLOAD_DAYS, language);

  const rows: Row[] = [
    {
      key: 'account',
      what: (
        <Trans>
          Your account: name, e-mail, password (only as a one-way hash), Google sign-in if you use it.
        </Trans>
      ),
      why: <Trans>To sign you in and show you your bookings and points.</Trans>,
      howLong: <Trans>Until you delete your account.</Trans>,
    },
    {
      key: 'bookings',
      what: <Trans>Bookings: name, phone, ID number, e-mail, dates, room and price.</Trans>,
      why: (
        <Trans>To receive you, and for the hotel's accounts and the guest register the law asks for.</Trans>
      ),
      howLong: (
        <Trans>
          The stay, room and price are kept for the hotel's accounts. When you delete your account, your
          bookings stay without your name, e-mail, phone or ID number.
        </Trans>
      ),
    },
    {
      key: 'id',
      what: <Trans>ID photos and ID numbers from online check-in.</Trans>,
      why: <Trans>To register you as the law asks when you arrive.</Trans>,
      howLong: (
        <Trans>
          Photos are deleted and ID numbers masked (all but the last 4 digits) {idDays} after check-out.
        </Trans>
      ),
    },
    {
      key: 'profile',
      what: (
        <Trans>
          Your guest profile: nationality, date of birth and identity document, your preferences, and the
          desk's notes about your stays (VIP, or a guest not to be given a room).
        </Trans>
      ),
      why: (
        <Trans>
          To register you with the authorities as the law asks, and to know you when you come back.
        </Trans>
      ),
      howLong: (
        <Trans>
          Nationality, date of birth and document are deleted {registrationDays} after your last stay (unless
          the hotel has set another period); the profile goes when you delete your account.
        </Trans>
      ),
    },
    {
      key: 'points',
      what: <Trans>Loyalty points: every point earned and spent.</Trans>,
      why: <Trans>So that your balance is right and the hotel's accounts add up.</Trans>,
      howLong: (
        <Trans>
          Kept for the hotel's accounts. When you delete your account, they stay under a mark that names
          nobody.
        </Trans>
      ),
    },
    {
      key: 'reviews',
      what: <Trans>Reviews and prize-draw entries: your words, stars, phone, photos and screenshots.</Trans>,
      why: <Trans>To publish reviews after moderation and run the monthly draws.</Trans>,
      howLong: (
        <Trans>
          When you delete your account, reviews and entries stay without your name or phone, and entry photos
          are deleted. Photos uploaded for an entry that was never sent go after {uploadDays}.
        </Trans>
      ),
    },
    {
      key: 'contact',
      what: <Trans>Verified phones, notifications and this browser's push subscription.</Trans>,
      why: <Trans>To tell you about your bookings and entries.</Trans>,
      howLong: (
        <Trans>Until you delete your account (a push subscription also ends when you turn it off).</Trans>
      ),
    },
    {
      key: 'outbox',
      what: <Trans>E-mails and push messages the hotel sends you.</Trans>,
      why: <Trans>To deliver them, and to retry one that failed.</Trans>,
      howLong: <Trans>Deleted {outboxDays} after sending.</Trans>,
    },
    {
      key: 'chat',
      what: <Trans>Conversations with the assistant.</Trans>,
      why: <Trans>To answer you and finish a booking you start in a chat.</Trans>,
      howLong: <Trans>Deleted after {chatDays}, or at once when you delete your account.</Trans>,
    },
    {
      key: 'sessions',
      what: <Trans>Your sign-ins: when they started and on which browser.</Trans>,
      why: <Trans>To keep you signed in, and so that you can see where you are signed in.</Trans>,
      howLong: <Trans>Each ends after {sessionDays}, at logout, or when you delete your account.</Trans>,
    },
    {
      key: 'visits',
      what: <Trans>Visits to the site: a daily code of your device, never your address.</Trans>,
      why: <Trans>To count visitors for the hotel's statistics.</Trans>,
      howLong: <Trans>Only the daily counts matter; the code cannot be traced back to you.</Trans>,
    },
  ];

  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8" data-testid="privacy">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold text-teal-800">
          <Trans>Privacy</Trans>
        </h1>
        <p className="text-slate-700">
          <Trans>
            {hotel} keeps only what it needs to receive you, under Oman's Personal Data Protection Law. This
            page says what we keep, why, and for how long.
          </Trans>
        </p>
      </header>

      <section aria-labelledby="kept-heading" className="flex flex-col gap-3">
        <h2 id="kept-heading" className="text-xl font-bold text-slate-900">
          <Trans>What we keep</Trans>
        </h2>
        <ul className="flex flex-col gap-3">
          {rows.map((row) => (
            <li key={row.key} className="rounded-2xl border border-sand-200 bg-white p-4 shadow-sm">
              <p className="font-semibold text-slate-900">{row.what}</p>
              <dl className="mt-2 grid gap-1 text-sm text-slate-700 sm:grid-cols-[8rem_minmax(0,1fr)] sm:gap-x-3">
                <dt className="font-semibold text-slate-800">{t`Why`}</dt>
                <dd>{row.why}</dd>
                <dt className="font-semibold text-slate-800">{t`How long`}</dt>
                <dd>{row.howLong}</dd>
              </dl>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="rights-heading" className="flex flex-col gap-2">
        <h2 id="rights-heading" className="text-xl font-bold text-slate-900">
          <Trans>Your rights</Trans>
        </h2>
        <ul className="flex list-disc flex-col gap-1 ps-5 text-slate-700">
          <li>
            <Trans>
              See your data: download a copy of everything we hold about your account from{' '}
              <Link href="/dashboard" className={inlineLink}>
                your account page
              </Link>
              .
            </Trans>
          </li>
          <li>
            <Trans>
              Delete your account on the same page. It cannot be done while a booking is still open: cancel
              the request or contact the hotel first.
            </Trans>
          </li>
          <li>
            <Trans>Correct your data, or ask anything about it: contact the hotel.</Trans>{' '}
            <HotelPhoneLink className={inlineLink} />
          </li>
        </ul>
      </section>
    </main>
  );
}
