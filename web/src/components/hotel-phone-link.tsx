import { phoneHref } from '@/entities/site-settings/phone-href';
import { useSiteSettings } from '@/entities/site-settings/get-site-settings';

/**
 * The hotel's phone from the site settings, as typed and isolated
 * left to right; nothing while the settings are unknown or have no phone.
 */
export function HotelPhoneLink({ className, children }: { className?: string; children?: React.ReactNode }) {
  const phone = useSiteSettings().data?.contactPhone;
  if (!phone) return null;
  return (
    <a href={phoneHref(phone)} className={className} data-testid="hotel-phone">
      {children}
      {/* A phone number is never broken across lines. */}
      <bdi dir="ltr" className="whitespace-nowrap">
        {phone}
      </bdi>
    </a>
  );
}
