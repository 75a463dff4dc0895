import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from '@/lib/router';
import type { SocialPlatform } from '@shared/content-schemas';
import { phoneHref } from '@/entities/site-settings/phone-href';
import { useHotelName, useSiteSettings } from '@/entities/site-settings/get-site-settings';
import { useLanguage } from '@/hooks/use-language';
import { formatTimeOfDay } from '@/lib/format-time';

/**
 * The footer (guest spec "Footer"): the hotel's description, address, phone,
 * WhatsApp, e-mail, map and social links and check-in/out times, all from the
 * site settings the admin edits; nothing here is a constant.
 */
/** Links at least 44 px tall, so a finger finds them (WCAG 2.5.5 target size). */
const footerLink =
  'inline-flex min-h-11 items-center gap-1 underline underline-offset-2 rounded outline-none focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-gold-400';

export default function SiteFooter({ actions }: { actions?: ReactNode }) {
  const { t } = useLingui();
  const language = useLanguage();
  const settings = useSiteSettings().data;
  const ar = language === 'ar';
  const name = useHotelName();
  const description = settings && (ar ? settings.siteDescriptionAr : settings.siteDescription);
  const address = settings && (ar ? settings.addressAr : settings.address);
  const platform = usePlatformNames();
  return (
    <footer className="mt-12 bg-teal-800 text-sand-50" data-testid="site-footer">
      <div
        className={`mx-auto grid max-w-6xl gap-6 px-4 py-8 ${
          actions ? 'sm:grid-cols-[minmax(0,1fr)_auto_auto]' : 'sm:grid-cols-[minmax(0,1fr)_auto]'
        }`}
      >
        <div className="flex flex-col gap-2">
          <p className="text-lg font-bold">{name}</p>
          {description ? <p className="text-sm text-sand-100">{description}</p> : null}
          {/* A guest who booked without an account finds their booking; the footer is a
              lazy chunk, so the landing's first script holds none of it. */}
          <p>
            <Link href="/booking" className={footerLink} data-testid="footer-find-booking">
              <Trans>Find my booking</Trans>
            </Link>
          </p>
          <p>
            <Link href="/hotels" className={footerLink} data-testid="footer-hotels">
              <Trans>Our hotels</Trans>
            </Link>
          </p>
          {settings ? (
            <p className="text-sm text-sand-100">
              <Trans>
                Check-in from {formatTimeOfDay(settings.checkInTime, language)} · check-out until{' '}
                {formatTimeOfDay(settings.checkOutTime, language)}
              </Trans>
            </p>
          ) : null}
          <p className="text-sm">
            <Link className={footerLink} href="/privacy" data-testid="footer-privacy">
              <Trans>Privacy: what we keep and why</Trans>
            </Link>
          </p>
        </div>
        {settings ? (
          <address className="flex flex-col text-sm not-italic">
            {address ? <p>{address}</p> : null}
            {settings.mapUrl ? (
              <p>
                <a className={footerLink} href={settings.mapUrl} target="_blank" rel="noopener noreferrer">
                  <Trans>Open in maps</Trans>
                </a>
              </p>
            ) : null}
            {settings.contactPhone ? (
              <p>
                <a
                  className={footerLink}
                  href={phoneHref(settings.contactPhone)}
                  data-testid="footer-phone"
                  // The name holds the visible number too (WCAG 2.5.3, label in name).
                  aria-label={`${t`Call the hotel`} ${settings.contactPhone}`}
                >
                  <bdi dir="ltr">{settings.contactPhone}</bdi>
                </a>
              </p>
            ) : null}
            {settings.whatsappNumber ? (
              <p>
                <a
                  className={footerLink}
                  href={`https://wa.me/${settings.whatsappNumber.replace(/\D/g, '')}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-testid="footer-whatsapp"
                >
                  <Trans>WhatsApp</Trans> <bdi dir="ltr">{settings.whatsappNumber}</bdi>
                </a>
              </p>
            ) : null}
            {settings.contactEmail ? (
              <p>
                <a className={footerLink} href={`mailto:${settings.contactEmail}`}>
                  <bdi dir="ltr">{settings.contactEmail}</bdi>
                </a>
              </p>
            ) : null}
            {settings.socialLinks.length > 0 ? (
              <ul className="flex flex-wrap gap-x-4" aria-label={t`Follow us`}>
                {settings.socialLinks.map((link) => (
                  <li key={link.url}>
                    <a className={footerLink} href={link.url} target="_blank" rel="noopener noreferrer">
                      {platform[link.platform]}
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </address>
        ) : null}
        {actions ? <div className="flex flex-col gap-2">{actions}</div> : null}
      </div>
    </footer>
  );
}

/** The platforms' names as people say them in each language. */
export function usePlatformNames(): Record<SocialPlatform, string> {
  const { t } = useLingui();
  return {
    instagram: t`Instagram`,
    facebook: t`Facebook`,
    x: t`X (Twitter)`,
    tiktok: t`TikTok`,
    snapchat: t`Snapchat`,
    youtube: t`YouTube`,
    website: t`Website`,
  };
}
