import { Trans } from '@lingui/react/macro';
import { buttonClass } from '@/components/ui/button-class';
import { useSiteSettings } from '@/entities/site-settings/get-site-settings';
import { phoneHref } from '@/entities/site-settings/phone-href';

/**
 * Past the free cancellation deadline: the hotel's phone from the site settings as a
 * tel: link, its number as typed and isolated left to right. Nothing while it is unknown.
 */
export function CallTheHotel({ className = '' }: { className?: string }) {
  const phone = useSiteSettings().data?.contactPhone;
  if (!phone) return null;
  return (
    <a
      href={phoneHref(phone)}
      className={`${buttonClass('primary')} self-start ${className}`}
      data-testid="call-hotel"
    >
      <Trans>Call the hotel</Trans>{' '}
      <bdi dir="ltr" className="whitespace-nowrap">
        {phone}
      </bdi>
    </a>
  );
}
