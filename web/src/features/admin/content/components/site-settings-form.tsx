import { useLingui as useLinguiCore } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, type ReactNode, useEffect, useRef } from 'react';
import { siteSettingsSchema } from '@shared/content-schemas';
import { OfflineNote } from '@/components/admin/admin-page-header';
import { Button } from '@/components/ui/button';
import { showToast } from '@/components/ui/toast-queue';
import { errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { validateWith } from '@/lib/field-messages';
import { useFormFields } from '@/lib/use-form-fields';
import { useOnline } from '@/lib/use-online';
import { type AdminSiteSettings } from '../api/get-admin-site-settings';
import { type SiteSettingsBody, useUpdateSiteSettings } from '../api/update-site-settings';
import { contentErrors } from '../lib/content-messages';
import { siteSettingsFormValues, type SiteSettingsFormValues } from '../lib/site-settings-form-values';
import { AddressAndLinksSettings } from './address-and-links-settings';
import { CheckInTimesSettings } from './check-in-times-settings';
import { ContactSettings } from './contact-settings';
import { HomePhotoSettings } from './home-photo-settings';
import { HotelIdentitySettings } from './hotel-identity-settings';
import { MaintenanceSettings } from './maintenance-settings';
import { StayPolicySettings } from './stay-policy-settings';

/**
 * The site settings form, started from the saved settings: checked with the shared schema on
 * the device, then saved in one audited write; the server's per-field errors show in place.
 */
export function SiteSettingsForm({
  settings,
  saved,
  onSaved,
  heroPhotos,
}: {
  settings: AdminSiteSettings;
  heroPhotos: ReactNode;
  /** The message of the save that made these settings, shown and focused by the save button. */
  saved: string | null;
  onSaved: (message: string | null) => void;
}) {
  const savedRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (saved) savedRef.current?.focus();
  }, [saved]);
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const online = useOnline();
  const save = useUpdateSiteSettings();
  const { values, setValues, change, refuse, message, formRef } = useFormFields<SiteSettingsFormValues>(
    siteSettingsFormValues(settings),
  );
  const fields = { values, setValues, change, message };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validateWith(siteSettingsSchema, values);
    if (!checked.ok) {
      refuse(contentErrors(i18n, checked.errors));
      return;
    }
    save.mutate(checked.data as SiteSettingsBody, {
      onSuccess: (result) => {
        showToast({ variant: 'success', title: result.message });
        onSaved(result.message);
      },
      onError: (error) => {
        const fields = fieldErrorsOf(error);
        // Nested keys (socialLinks.0.url) are shown under their list.
        const flat: Record<string, string> = {};
        for (const [key, text] of Object.entries(fields)) flat[key.split('.')[0]!] ??= text;
        refuse(flat);
        showToast({
          variant: 'error',
          title: t`The settings were not saved`,
          description: errorMessage(error, t`Please try again.`),
        });
      },
    });
  }

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-6"
      data-testid="settings-form"
    >
      {!online ? (
        <OfflineNote>
          <Trans>You are offline. The settings can be saved once the connection is back.</Trans>
        </OfflineNote>
      ) : null}

      <MaintenanceSettings fields={fields} />

      <HomePhotoSettings fields={fields}>{heroPhotos}</HomePhotoSettings>

      <HotelIdentitySettings fields={fields} />

      <ContactSettings fields={fields} />

      <AddressAndLinksSettings fields={fields} />

      <CheckInTimesSettings fields={fields} />

      <StayPolicySettings fields={fields} />

      <div className="sticky bottom-0 -mx-4 border-t border-sand-200 bg-sand-50/95 px-4 py-3 backdrop-blur">
        <Button
          type="submit"
          isPending={save.isPending}
          isDisabled={!online}
          className="w-full sm:w-auto sm:px-10"
        >
          <Trans>Save settings</Trans>
        </Button>
        {saved ? (
          <p
            ref={savedRef}
            tabIndex={-1}
            role="status"
            data-testid="settings-saved"
            className="mt-2 text-sm font-semibold text-emerald-800 outline-none focus-visible:outline-3 focus-visible:outline-gold-700 sm:ms-4 sm:mt-0 sm:inline-block"
          >
            {saved}
          </p>
        ) : null}
      </div>
    </form>
  );
}
