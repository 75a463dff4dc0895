import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { SOCIAL_PLATFORMS, siteSettingsSchema, type SocialPlatform } from '@shared/content-schemas';
import { AdminPageHeader, OfflineNote } from '@/components/admin/admin-page-header';
import { usePlatformNames } from '@/components/layout/site-footer';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Select, SelectItem } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import { usePhotos } from '@/entities/admin/media/get-photos';
import type { PhotoManagerSlot } from '@/entities/admin/media/photo-manager-slot';
import { SITE_HERO_OWNER_ID } from '@shared/media-schemas';
import { STAY_POLICY_LIMITS } from '@shared/stay-policy';
import { formatCount } from '@/lib/format';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { validateWith } from '@/lib/field-messages';
import { useFormFields } from '@/lib/use-form-fields';
import { useOnline } from '@/lib/use-online';
import { useLingui as useLinguiCore } from '@lingui/react';
import { type AdminSiteSettings, useAdminSiteSettings } from '../api/get-admin-site-settings';
import { type SiteSettingsBody, useUpdateSiteSettings } from '../api/update-site-settings';
import { contentErrors } from '../lib/content-messages';

/**
 * /admin/settings (admins): the hotel's
 * name and description, contacts, address, map and social links, check-in and
 * check-out times and maintenance mode. Everything that shows a contact detail
 * reads these (footer, login footer, WhatsApp hand-offs); saving is one audited write.
 */
const HERO_OWNER = { ownerKind: 'site_hero', ownerId: SITE_HERO_OWNER_ID } as const;

export function SiteSettingsScreen({ PhotoManager }: { PhotoManager: PhotoManagerSlot }) {
  const { t } = useLingui();
  const settings = useAdminSiteSettings();
  // The form starts afresh from the saved settings (its key is their time): the message of the
  // last save outlives it, and takes the focus the remounted form's button had.
  const [saved, setSaved] = useState<string | null>(null);
  return (
    <main className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8">
      <AdminPageHeader
        title={<Trans>Site settings</Trans>}
        subtitle={<Trans>What guests see of the hotel: contacts, address, links and opening times.</Trans>}
      />
      {settings.isPending ? (
        <p role="status" className="text-slate-700">
          <Trans>Loading the settings…</Trans>
        </p>
      ) : settings.isError ? (
        <LoadError onRetry={() => void settings.refetch()}>
          {errorMessage(settings.error, t`The settings could not be loaded.`)}
        </LoadError>
      ) : (
        <SettingsForm
          key={settings.data.updatedAt ?? 'new'}
          settings={settings.data}
          saved={saved}
          onSaved={setSaved}
          heroPhotos={<PhotoManager owner={HERO_OWNER} title={<Trans>Home page photos</Trans>} />}
        />
      )}
    </main>
  );
}

/** The stay policy's counts: typed as text, Arabic-Indic digits accepted, checked by the schema. */
type PolicyCounts = 'freeCancellationHours' | 'onlineCheckInHours' | 'idRetentionDays';
type FormValues = Omit<AdminSiteSettings, 'updatedAt' | PolicyCounts> & Record<PolicyCounts, string>;

/** A phone number's start as typed, isolated left-to-right inside either language's sentence. */
const INTERNATIONAL_PHONE_EXAMPLE = '\u2066+968…\u2069';

function SettingsForm({
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
  const platformNames = usePlatformNames();
  const { updatedAt: _stamp, ...saved_ } = settings;
  const initial: FormValues = {
    ...saved_,
    freeCancellationHours: String(saved_.freeCancellationHours),
    onlineCheckInHours: String(saved_.onlineCheckInHours),
    idRetentionDays: String(saved_.idRetentionDays),
  };
  const language = useLanguage();
  const uploaded = usePhotos(HERO_OWNER).data ?? [];
  const { values, setValues, change, refuse, message, formRef } = useFormFields<FormValues>(initial);

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

  const setLink = (index: number, patch: Partial<{ platform: SocialPlatform; url: string }>) => {
    setValues((v) => ({
      ...v,
      socialLinks: v.socialLinks.map((link, i) => (i === index ? { ...link, ...patch } : link)),
    }));
  };

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

      <Section title={<Trans>Maintenance</Trans>}>
        <Switch
          isSelected={values.maintenanceMode}
          onChange={change('maintenanceMode')}
          data-testid="maintenance-switch"
        >
          <Trans>Maintenance mode</Trans>
        </Switch>
        <p className="text-sm text-slate-700">
          <Trans>
            While it is on, guests see a maintenance page and cannot send bookings, entries or reviews. Staff
            and administrators keep working and see a banner.
          </Trans>
        </p>
      </Section>

      <Section title={<Trans>Home page photo</Trans>}>
        <p className="text-sm text-slate-700">
          <Trans>
            The large photo at the top of the home page. Upload the hotel&apos;s photos below, then choose the
            one to show and save the settings. Until then guests see an illustration.
          </Trans>
        </p>
        <Select
          label={t`Photo shown on the home page`}
          selectedKey={values.heroMediaId == null ? 'demo' : String(values.heroMediaId)}
          onSelectionChange={(key) =>
            setValues((v) => ({ ...v, heroMediaId: key === 'demo' ? null : Number(key) }))
          }
        >
          {[
            <SelectItem key="demo" id="demo">
              {t`The illustration (no photo of the hotel)`}
            </SelectItem>,
            ...uploaded.map((photo, i) => (
              <SelectItem key={photo.id} id={String(photo.id)}>
                {(language === 'ar' ? photo.altAr : photo.altEn) || t`Photo ${formatCount(i + 1, language)}`}
              </SelectItem>
            )),
          ]}
        </Select>
        {heroPhotos}
      </Section>

      <Section title={<Trans>The hotel</Trans>}>
        <div className="grid gap-4 md:grid-cols-2">
          <TextField
            label={t`Hotel name (Arabic)`}
            inputDir="rtl"
            value={values.siteNameAr}
            onChange={change('siteNameAr')}
            errorMessage={message('siteNameAr')}
            isInvalid={!!message('siteNameAr')}
            isRequired
          />
          <TextField
            label={t`Hotel name (English)`}
            inputDir="ltr"
            value={values.siteName}
            onChange={change('siteName')}
            errorMessage={message('siteName')}
            isInvalid={!!message('siteName')}
            isRequired
          />
          <TextField
            label={t`Description (Arabic)`}
            multiline
            rows={3}
            inputDir="rtl"
            value={values.siteDescriptionAr}
            onChange={change('siteDescriptionAr')}
            errorMessage={message('siteDescriptionAr')}
            isInvalid={!!message('siteDescriptionAr')}
            isRequired
          />
          <TextField
            label={t`Description (English)`}
            multiline
            rows={3}
            inputDir="ltr"
            value={values.siteDescription}
            onChange={change('siteDescription')}
            errorMessage={message('siteDescription')}
            isInvalid={!!message('siteDescription')}
            isRequired
          />
        </div>
      </Section>

      <Section title={<Trans>Contacts</Trans>}>
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
      </Section>

      <Section title={<Trans>Address and links</Trans>}>
        <div className="grid gap-4 md:grid-cols-2">
          <TextField
            label={t`Address (Arabic)`}
            inputDir="rtl"
            value={values.addressAr}
            onChange={change('addressAr')}
            errorMessage={message('addressAr')}
            isInvalid={!!message('addressAr')}
            isRequired
          />
          <TextField
            label={t`Address (English)`}
            inputDir="ltr"
            value={values.address}
            onChange={change('address')}
            errorMessage={message('address')}
            isInvalid={!!message('address')}
            isRequired
          />
        </div>
        <TextField
          label={t`Map link`}
          type="url"
          description={t`Optional. A https:// link to the hotel on a map.`}
          value={values.mapUrl}
          onChange={change('mapUrl')}
          errorMessage={message('mapUrl')}
          isInvalid={!!message('mapUrl')}
        />
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-semibold text-slate-800">
            <Trans>Social links</Trans>
          </legend>
          {values.socialLinks.length === 0 ? (
            <p className="text-sm text-slate-700">
              <Trans>No social links yet.</Trans>
            </p>
          ) : null}
          {values.socialLinks.map((link, index) => (
            <div
              key={index}
              className="grid items-end gap-3 rounded-xl border border-sand-200 p-3 sm:grid-cols-[12rem_minmax(0,1fr)_auto]"
            >
              <Select
                label={t`Platform`}
                selectedKey={link.platform}
                onSelectionChange={(key) => setLink(index, { platform: key as SocialPlatform })}
              >
                {SOCIAL_PLATFORMS.map((platform) => (
                  <SelectItem key={platform} id={platform}>
                    {platformNames[platform]}
                  </SelectItem>
                ))}
              </Select>
              <TextField
                label={t`Link`}
                type="url"
                value={link.url}
                onChange={(url) => setLink(index, { url })}
              />
              <Button
                variant="secondary"
                className="px-3 py-2 text-sm"
                onPress={() =>
                  setValues((v) => ({ ...v, socialLinks: v.socialLinks.filter((_, i) => i !== index) }))
                }
              >
                <Trans>Remove</Trans>
              </Button>
            </div>
          ))}
          {message('socialLinks') ? (
            <p className="text-sm font-medium text-red-700" role="alert">
              {message('socialLinks')}
            </p>
          ) : null}
          <Button
            variant="secondary"
            className="self-start px-3 py-2 text-sm"
            onPress={() =>
              setValues((v) => ({
                ...v,
                socialLinks: [...v.socialLinks, { platform: 'instagram', url: '' }],
              }))
            }
          >
            <Trans>Add a social link</Trans>
          </Button>
        </fieldset>
      </Section>

      <Section title={<Trans>Check-in and check-out</Trans>}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t`Check-in from`}
            description={t`24-hour time, e.g. 14:00`}
            inputDir="ltr"
            inputMode="numeric"
            value={values.checkInTime}
            onChange={change('checkInTime')}
            errorMessage={message('checkInTime')}
            isInvalid={!!message('checkInTime')}
            isRequired
          />
          <TextField
            label={t`Check-out until`}
            description={t`24-hour time, e.g. 12:00`}
            inputDir="ltr"
            inputMode="numeric"
            value={values.checkOutTime}
            onChange={change('checkOutTime')}
            errorMessage={message('checkOutTime')}
            isInvalid={!!message('checkOutTime')}
            isRequired
          />
        </div>
      </Section>

      <Section title={<Trans>Cancellation and online check-in</Trans>}>
        <p className="text-sm text-slate-700">
          <Trans>
            Guests cancel or change their booking themselves up to the deadline below (before check-in time on
            their arrival day, Oman time); after it they are asked to call the hotel.
          </Trans>
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t`Free cancellation: hours before check-in`}
            description={t`A whole number from ${formatCount(0, language)} to ${formatCount(STAY_POLICY_LIMITS.freeCancellationHoursMax, language)}. ${formatCount(0, language)}: until check-in time.`}
            name="freeCancellationHours"
            inputDir="ltr"
            inputMode="numeric"
            value={values.freeCancellationHours}
            onChange={change('freeCancellationHours')}
            errorMessage={message('freeCancellationHours')}
            isInvalid={!!message('freeCancellationHours')}
          />
          <TextField
            label={t`Online check-in opens: hours before arrival`}
            description={t`A whole number from ${formatCount(1, language)} to ${formatCount(STAY_POLICY_LIMITS.onlineCheckInHoursMax, language)}.`}
            name="onlineCheckInHours"
            inputDir="ltr"
            inputMode="numeric"
            value={values.onlineCheckInHours}
            onChange={change('onlineCheckInHours')}
            errorMessage={message('onlineCheckInHours')}
            isInvalid={!!message('onlineCheckInHours')}
          />
          <TextField
            label={t`Cancellation policy (Arabic)`}
            description={t`Optional. Left empty, guests see the rule stated from the hours above.`}
            multiline
            rows={4}
            inputDir="rtl"
            value={values.cancellationPolicyAr}
            onChange={change('cancellationPolicyAr')}
            errorMessage={message('cancellationPolicyAr')}
            isInvalid={!!message('cancellationPolicyAr')}
          />
          <TextField
            label={t`Cancellation policy (English)`}
            description={t`Optional. Left empty, guests see the rule stated from the hours above.`}
            multiline
            rows={4}
            inputDir="ltr"
            value={values.cancellationPolicy}
            onChange={change('cancellationPolicy')}
            errorMessage={message('cancellationPolicy')}
            isInvalid={!!message('cancellationPolicy')}
          />
          <TextField
            label={t`Keep ID photos and numbers: days after check-out`}
            description={t`A whole number from ${formatCount(STAY_POLICY_LIMITS.idRetentionDaysMin, language)} to ${formatCount(STAY_POLICY_LIMITS.idRetentionDaysMax, language)}. Then photos are deleted and numbers masked.`}
            name="idRetentionDays"
            inputDir="ltr"
            inputMode="numeric"
            value={values.idRetentionDays}
            onChange={change('idRetentionDays')}
            errorMessage={message('idRetentionDays')}
            isInvalid={!!message('idRetentionDays')}
          />
        </div>
      </Section>

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

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-5 shadow-sm">
      <h2 className="text-xl font-bold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}
