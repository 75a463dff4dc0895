import { useLingui as useLinguiCore } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, Suspense, useState } from 'react';
import type { PhotoManagerSlot } from '@/entities/admin/media/photo-manager-slot';
import { SERVICE_CATEGORIES, serviceInputSchema } from '@shared/content-schemas';
import { AdminPageHeader, OfflineNote } from '@/components/admin/admin-page-header';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { Select, SelectItem } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { useFormFields } from '@/lib/use-form-fields';
import { useOnline } from '@/lib/use-online';
import { type AdminService, type ServiceBody, useAdminServices, useSaveService } from '../api/save-service';
import { contentErrors } from '../lib/content-messages';

type Category = (typeof SERVICE_CATEGORIES)[number];

function useCategoryNames(): Record<Category, string> {
  const { t } = useLingui();
  return {
    restaurant: t`Restaurants`,
    spa: t`Massage & Spa`,
    transport: t`Transportation`,
    shopping: t`Shopping`,
  };
}

/**
 * /admin/services (staff): the nearby services the services panel
 * shows: names, descriptions, category, distance, contacts, on/off. Each save
 * is one audited write. Menu and gallery photos are managed in the same dialog.
 */
export function ServicesScreen({ PhotoManager }: { PhotoManager: PhotoManagerSlot }) {
  const { t } = useLingui();
  const language = useLanguage();
  const services = useAdminServices();
  const online = useOnline();
  const categories = useCategoryNames();
  const [editing, setEditing] = useState<AdminService | null>(null);
  return (
    <main className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8">
      <AdminPageHeader
        title={<Trans>Nearby services</Trans>}
        subtitle={<Trans>The restaurants, spa and other services guests see near the hotel.</Trans>}
      />
      {!online ? (
        <OfflineNote>
          <Trans>You are offline. Services can be changed once the connection is back.</Trans>
        </OfflineNote>
      ) : null}
      {services.isPending ? (
        <p role="status" className="text-slate-700">
          <Trans>Loading services…</Trans>
        </p>
      ) : services.isError ? (
        <LoadError onRetry={() => void services.refetch()}>
          {errorMessage(services.error, t`The services could not be loaded.`)}
        </LoadError>
      ) : (
        <ul className="flex flex-col gap-3">
          {services.data.map((service) => (
            <li
              key={service.id}
              data-testid="admin-service"
              className="flex flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="flex min-w-0 flex-col gap-1">
                <p className="flex flex-wrap items-center gap-2 font-bold text-slate-900">
                  {language === 'ar' ? service.nameAr : service.nameEn}
                  <span className="rounded-full bg-sand-100 px-2.5 py-1 text-xs font-semibold text-teal-800">
                    {categories[service.category]}
                  </span>
                  {service.isActive ? null : (
                    <span className="rounded-full bg-slate-200 px-2.5 py-1 text-xs font-semibold text-slate-800">
                      <Trans>Coming soon</Trans>
                    </span>
                  )}
                </p>
                {service.distanceMeters !== null ? (
                  <p className="text-sm text-slate-700">
                    <Trans>{formatCount(service.distanceMeters, language)} meters away</Trans>
                  </p>
                ) : null}
              </div>
              <Button
                variant="secondary"
                className="px-3 py-2 text-sm"
                isDisabled={!online}
                onPress={() => setEditing(service)}
              >
                <Trans>Edit</Trans>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {editing ? (
        <ServiceEditor service={editing} onClose={() => setEditing(null)} PhotoManager={PhotoManager} />
      ) : null}
    </main>
  );
}

type FormValues = {
  category: Category;
  nameAr: string;
  nameEn: string;
  descriptionAr: string;
  descriptionEn: string;
  distanceMeters: string;
  walkMinutes: string;
  phone: string;
  whatsapp: string;
  mapUrl: string;
  instagram: string;
  isActive: boolean;
};

function ServiceEditor({
  service,
  onClose,
  PhotoManager,
}: {
  service: AdminService;
  onClose: () => void;
  PhotoManager: PhotoManagerSlot;
}) {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const save = useSaveService();
  const categories = useCategoryNames();
  const { values, change, refuse, message, formRef } = useFormFields<FormValues>({
    category: service.category,
    nameAr: service.nameAr,
    nameEn: service.nameEn,
    descriptionAr: service.descriptionAr,
    descriptionEn: service.descriptionEn,
    distanceMeters: service.distanceMeters === null ? '' : String(service.distanceMeters),
    walkMinutes: service.walkMinutes === null ? '' : String(service.walkMinutes),
    phone: service.contact.phone ?? '',
    whatsapp: service.contact.whatsapp ?? '',
    mapUrl: service.contact.mapUrl ?? '',
    instagram: service.contact.instagram ?? '',
    isActive: service.isActive,
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = {
      category: values.category,
      nameAr: values.nameAr,
      nameEn: values.nameEn,
      descriptionAr: values.descriptionAr,
      descriptionEn: values.descriptionEn,
      distanceMeters: values.distanceMeters.trim() === '' ? null : values.distanceMeters,
      walkMinutes: values.walkMinutes.trim() === '' ? null : values.walkMinutes,
      contact: {
        phone: values.phone.trim(),
        whatsapp: values.whatsapp.trim(),
        mapUrl: values.mapUrl.trim(),
        instagram: values.instagram.trim(),
      },
      isActive: values.isActive,
    };
    // Contact fields fail as contact.<field>: each error goes under its own input.
    const lastKey = (errors: Iterable<[string, string]>) => {
      const out: Record<string, string> = {};
      for (const [path, text] of errors) out[path.split('.').at(-1)!] ??= text;
      return out;
    };
    const checked = serviceInputSchema.safeParse(body);
    if (!checked.success) {
      refuse(contentErrors(i18n, lastKey(checked.error.issues.map((i) => [i.path.join('.'), i.message]))));
      return;
    }
    save.mutate(
      { id: service.id, body: checked.data as ServiceBody },
      {
        onSuccess: (result) => {
          showToast({ variant: 'success', title: result.message });
          onClose();
        },
        onError: (error) => {
          refuse(lastKey(Object.entries(fieldErrorsOf(error))));
          showToast({
            variant: 'error',
            title: t`The service was not saved`,
            description: errorMessage(error, t`Please try again.`),
          });
        },
      },
    );
  }

  const field = (name: keyof FormValues) => ({
    errorMessage: message(name),
    isInvalid: !!message(name),
  });

  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()} title={t`Edit service`} size="lg">
      <form
        ref={formRef}
        noValidate
        onSubmit={submit}
        className="flex flex-col gap-4"
        data-testid="service-form"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t`Name (Arabic)`}
            inputDir="rtl"
            value={values.nameAr}
            onChange={change('nameAr')}
            isRequired
            {...field('nameAr')}
          />
          <TextField
            label={t`Name (English)`}
            inputDir="ltr"
            value={values.nameEn}
            onChange={change('nameEn')}
            isRequired
            {...field('nameEn')}
          />
          <TextField
            label={t`Description (Arabic)`}
            multiline
            rows={3}
            inputDir="rtl"
            value={values.descriptionAr}
            onChange={change('descriptionAr')}
            {...field('descriptionAr')}
          />
          <TextField
            label={t`Description (English)`}
            multiline
            rows={3}
            inputDir="ltr"
            value={values.descriptionEn}
            onChange={change('descriptionEn')}
            {...field('descriptionEn')}
          />
          <Select
            label={t`Category`}
            selectedKey={values.category}
            onSelectionChange={(key) => change('category')(key as Category)}
          >
            {SERVICE_CATEGORIES.map((category) => (
              <SelectItem key={category} id={category}>
                {categories[category]}
              </SelectItem>
            ))}
          </Select>
          <div className="grid grid-cols-2 gap-3">
            <TextField
              label={t`Distance (meters)`}
              inputMode="numeric"
              inputDir="ltr"
              value={values.distanceMeters}
              onChange={change('distanceMeters')}
              {...field('distanceMeters')}
            />
            <TextField
              label={t`Walk (minutes)`}
              inputMode="numeric"
              inputDir="ltr"
              value={values.walkMinutes}
              onChange={change('walkMinutes')}
              {...field('walkMinutes')}
            />
          </div>
          <TextField
            label={t`Phone`}
            type="tel"
            value={values.phone}
            onChange={change('phone')}
            {...field('phone')}
          />
          <TextField
            label={t`WhatsApp number`}
            type="tel"
            value={values.whatsapp}
            onChange={change('whatsapp')}
            {...field('whatsapp')}
          />
          <TextField
            label={t`Map link`}
            type="url"
            value={values.mapUrl}
            onChange={change('mapUrl')}
            {...field('mapUrl')}
          />
          <TextField
            label={t`Instagram link`}
            type="url"
            value={values.instagram}
            onChange={change('instagram')}
            {...field('instagram')}
          />
        </div>
        <Switch isSelected={values.isActive} onChange={change('isActive')}>
          <Trans>Open to guests (otherwise "will be activated soon")</Trans>
        </Switch>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onPress={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" isPending={save.isPending}>
            <Trans>Save service</Trans>
          </Button>
        </div>
      </form>
      <Suspense
        fallback={
          <p role="status" className="text-slate-700">
            <Trans>Loading photos…</Trans>
          </p>
        }
      >
        <PhotoManager
          owner={{ ownerKind: 'service_menu', ownerId: String(service.id) }}
          title={
            service.category === 'spa' ? <Trans>Services list photos</Trans> : <Trans>Menu photos</Trans>
          }
        />
        <PhotoManager
          owner={{ ownerKind: 'service_gallery', ownerId: String(service.id) }}
          title={<Trans>Gallery photos</Trans>}
          showHint={false}
        />
      </Suspense>
    </Modal>
  );
}
