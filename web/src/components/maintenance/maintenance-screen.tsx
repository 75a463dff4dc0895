import { Trans } from '@lingui/react/macro';
import { useSiteSettings } from '@/entities/site-settings/get-site-settings';
import { HotelPhoneLink } from '../hotel-phone-link';
import { buttonClass, LinkButton } from '../ui/button';

/**
 * What guests see while the admin has the site in maintenance, in the
 * active language (the header's switch changes it), the installed app included
 * (the settings are in the persisted query cache). The server refuses guest
 * writes meanwhile (503); staff sign in from here and keep working.
 */
export default function MaintenanceScreen() {
  const whatsapp = useSiteSettings().data?.whatsappNumber;
  return (
    <main
      className="mx-auto flex min-h-[60dvh] max-w-xl flex-col items-center justify-center gap-5 px-4 py-16 text-center"
      data-testid="maintenance-screen"
    >
      <svg
        viewBox="0 0 24 24"
        aria-hidden="true"
        className="size-16 text-teal-700"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      >
        <path
          d="M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.4-.6-.6-2.4z"
          strokeLinejoin="round"
        />
      </svg>
      <h1 className="text-3xl font-bold text-teal-800">
        <Trans>We will be back shortly</Trans>
      </h1>
      <p className="text-lg text-slate-800">
        <Trans>
          The site is under maintenance. Bookings and requests are paused for a short while; please come back
          a little later.
        </Trans>
      </p>
      <p className="text-slate-700">
        <Trans>For anything urgent, our team is here for you:</Trans>
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <HotelPhoneLink className={buttonClass('primary')}>
          <Trans>Call the hotel</Trans>{' '}
        </HotelPhoneLink>
        {whatsapp ? (
          <a
            href={`https://wa.me/${whatsapp.replace(/\D/g, '')}`}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass('secondary')}
          >
            <Trans>WhatsApp</Trans>
          </a>
        ) : null}
      </div>
      <LinkButton href="/login" variant="ghost" className="text-sm">
        <Trans>Staff log in</Trans>
      </LinkButton>
    </main>
  );
}
