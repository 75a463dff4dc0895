import { Trans, useLingui } from '@lingui/react/macro';
import { TextField } from '@/components/ui/text-field';
import { type SiteSettingsFields } from '../lib/site-settings-form-values';
import { SettingsSection } from './settings-section';

/** A phone number's start as typed, isolated left-to-right inside either language's sentence. */
const INTERNATIONAL_PHONE_EXAMPLE = '\u2066+968…\u2069';

/** The hotel's phone, WhatsApp and e-mail, and where staff hear of new booking requests. */
export function ContactSettings({ fields }: { fields: SiteSettingsFields }) {
  const { values, change, message } = fields;
  const { t } = useLingui();
  return (
    <SettingsSection title={<Trans>Contacts</Trans>}>
      <div className="grid gap-4 md:grid-cols-3">
        <TextField
          label={t`Contact phone`}
          type="tel"
          name="contactPhone"
          value={values.contactPhone}
          onChange={change('contactPhone')}
          errorMessage={message('contactPhone')}
          isInvalid={!!message('contactPhone')}
          isRequired
        />
        <TextField
          label={t`WhatsApp number`}
          type="tel"
          name="whatsappNumber"
          description={t`In international form, e.g. ${INTERNATIONAL_PHONE_EXAMPLE}`}
          value={values.whatsappNumber}
          onChange={change('whatsappNumber')}
          errorMessage={message('whatsappNumber')}
          isInvalid={!!message('whatsappNumber')}
          isRequired
        />
        <TextField
          label={t`E-mail`}
          type="email"
          name="contactEmail"
          value={values.contactEmail}
          onChange={change('contactEmail')}
          errorMessage={message('contactEmail')}
          isInvalid={!!message('contactEmail')}
          isRequired
        />
        <TextField
          label={t`E-mail for new booking alerts`}
          description={t`Staff get an e-mail here for every new booking request. Leave it empty for none.`}
          type="email"
          name="bookingAlertEmail"
          value={values.bookingAlertEmail}
          onChange={change('bookingAlertEmail')}
          errorMessage={message('bookingAlertEmail')}
          isInvalid={!!message('bookingAlertEmail')}
        />
      </div>
    </SettingsSection>
  );
}
