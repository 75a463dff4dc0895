import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useRef, useState } from 'react';
import { Button as AriaButton, Heading } from 'react-aria-components';
import { PinIcon, StarIcon, TagIcon } from '@/components/icons';
import { ChevronIcon, GiftIcon, WhatsAppIcon } from '@/components/more-icons';
import { LoadError } from '@/components/load-error';
import { Modal } from '@/components/ui/dialog';
import { buttonClass } from '@/components/ui/button';
import { showToast } from '@/components/ui/toast-queue';
import { useHideHeader } from '@/hooks/use-hide-header';
import { useLanguage } from '@/hooks/use-language';
import { formatCount } from '@/lib/format';
import { type Service, useServices } from '../api/get-services';
import { trackServiceVisit } from '../api/track-service-visit';
import { shownImages } from '@/lib/photos';
import { Gallery } from '@/components/gallery';
import { metresCount, minutesCount } from '@/lib/counts';

type Category = Service['category'];

const cardClass =
  'flex h-full w-full cursor-pointer flex-col items-start gap-2 rounded-2xl border border-sand-200 bg-white p-4 text-start shadow-sm outline-none transition-colors data-[hovered]:border-teal-700 data-[hovered]:bg-sand-50 data-[pressed]:bg-sand-100 data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-gold-700';

/**
 * The Nearby Hotel Services panel (guest spec "Nearby Hotel Services panel"): categories
 * Restaurants, Massage & Spa, Transportation and Shopping; the two restaurants and the spa
 * from GET /api/services, each with a detail view (menu image or gallery with paging, contact
 * buttons, the distance); opening one counts a visit (fire and forget). Transport and shopping
 * items only say "This service will be activated soon." in a toast. Closing the panel forgets
 * the category (the state lives inside it). A lazy chunk.
 */
export default function ServicesPanel({ onClose }: { onClose: () => void }) {
  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={<Trans>Nearby Hotel Services</Trans>}
      size="lg"
    >
      <PanelBody />
    </Modal>
  );
}

function PanelBody() {
  useHideHeader();
  const services = useServices();
  const [category, setCategory] = useState<Category | null>(null);
  const [openSlug, setOpenSlug] = useState<string | null>(null);
  const top = useRef<HTMLDivElement>(null);
  const focusTop = () => window.setTimeout(() => top.current?.focus(), 0);

  const list = services.data ?? [];
  const open = list.find((s) => s.slug === openSlug) ?? null;

  const openService = (service: Service) => {
    setOpenSlug(service.slug);
    if (service.category === 'restaurant' || service.category === 'spa') trackServiceVisit(service.category);
    focusTop();
  };

  let body: ReactNode;
  if (services.isPending) {
    body = (
      <p role="status" className="text-slate-700">
        <Trans>Loading services…</Trans>
      </p>
    );
  } else if (!services.data) {
    body = (
      <LoadError onRetry={() => void services.refetch()}>
        <Trans>The services could not be loaded. Check your connection and try again.</Trans>
      </LoadError>
    );
  } else if (open) {
    body = (
      <ServiceDetail
        service={open}
        onBack={() => {
          setOpenSlug(null);
          focusTop();
        }}
      />
    );
  } else if (category) {
    body = (
      <CategoryView
        category={category}
        services={list.filter((s) => s.category === category)}
        onOpen={openService}
        onBack={() => {
          setCategory(null);
          focusTop();
        }}
      />
    );
  } else {
    body = (
      <Categories
        onChoose={(c) => {
          setCategory(c);
          focusTop();
        }}
      />
    );
  }

  return (
    <div className="flex flex-col gap-4" data-testid="services-panel">
      {/* Where the focus goes when the view changes, so a screen reader hears the new view. */}
      <div ref={top} tabIndex={-1} className="outline-none" />
      {body}
    </div>
  );
}

function useCategoryNames(): Record<Category, string> {
  const { t } = useLingui();
  return {
    restaurant: t`Restaurants`,
    spa: t`Massage & Spa`,
    transport: t`Transportation`,
    shopping: t`Shopping`,
  };
}

function Categories({ onChoose }: { onChoose: (category: Category) => void }) {
  const { t } = useLingui();
  const names = useCategoryNames();
  const items: { key: Category; text: string; icon: ReactNode }[] = [
    { key: 'restaurant', text: t`Omani and Thai cuisine a short walk away.`, icon: <TagIcon /> },
    { key: 'spa', text: t`Massage, Moroccan bath and skin care.`, icon: <StarIcon /> },
    { key: 'transport', text: t`Taxi and airport transfer.`, icon: <PinIcon /> },
    { key: 'shopping', text: t`Malls and local markets.`, icon: <GiftIcon /> },
  ];
  return (
    <>
      <p className="text-slate-700">
        <Trans>Choose a category to see what is around the hotel.</Trans>
      </p>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {items.map((item) => (
          <li key={item.key}>
            <AriaButton
              className={cardClass}
              onPress={() => onChoose(item.key)}
              data-testid={`services-category-${item.key}`}
            >
              <span
                aria-hidden="true"
                className="inline-flex size-10 items-center justify-center rounded-xl bg-sand-100 text-teal-700"
              >
                {item.icon}
              </span>
              <span className="text-base font-bold text-slate-900">{names[item.key]}</span>
              <span className="text-sm text-slate-700">{item.text}</span>
            </AriaButton>
          </li>
        ))}
      </ul>
    </>
  );
}

function BackButton({ onPress, children }: { onPress: () => void; children: ReactNode }) {
  return (
    <AriaButton
      onPress={onPress}
      className="inline-flex min-h-11 cursor-pointer items-center gap-1 self-start rounded-xl px-2 font-semibold text-teal-800 underline-offset-4 outline-none data-[hovered]:underline data-[focus-visible]:outline-3 data-[focus-visible]:outline-gold-700"
    >
      <ChevronIcon toward="start" />
      {children}
    </AriaButton>
  );
}

function Distance({ service }: { service: Service }) {
  const language = useLanguage();
  const { t } = useLingui();
  if (service.distanceMeters === null) return null;
  const meters = metresCount(service.distanceMeters, language);
  const minutes = service.walkMinutes === null ? null : minutesCount(service.walkMinutes, language);
  return (
    <p
      className="flex items-center gap-1.5 text-sm font-semibold text-teal-800"
      data-testid="service-distance"
    >
      <PinIcon className="size-4" />
      {minutes === null ? meters : t`${meters}, a ${minutes} walk`}
    </p>
  );
}

function CategoryView({
  category,
  services,
  onOpen,
  onBack,
}: {
  category: Category;
  services: Service[];
  onOpen: (service: Service) => void;
  onBack: () => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const names = useCategoryNames();
  const soon = category === 'transport' || category === 'shopping';
  return (
    <>
      <BackButton onPress={onBack}>
        <Trans>Back to Categories</Trans>
      </BackButton>
      <Heading level={3} className="text-lg font-bold text-teal-800">
        {names[category]}
      </Heading>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {services.map((service) => {
          const name = language === 'ar' ? service.nameAr : service.nameEn;
          const description = language === 'ar' ? service.descriptionAr : service.descriptionEn;
          return (
            <li key={service.slug}>
              <AriaButton
                className={cardClass}
                data-testid={`service-card-${service.slug}`}
                onPress={() => {
                  if (soon || !service.isActive) {
                    showToast({ variant: 'success', title: t`This service will be activated soon.` });
                    return;
                  }
                  onOpen(service);
                }}
              >
                <span className="text-base font-bold text-slate-900">{name}</span>
                {soon ? null : <span className="text-sm text-slate-700">{description}</span>}
                <Distance service={service} />
                {!soon && (
                  <span className="text-sm font-semibold text-teal-700 underline underline-offset-4">
                    {category === 'spa' ? <Trans>See the services</Trans> : <Trans>See the menu</Trans>}
                  </span>
                )}
              </AriaButton>
            </li>
          );
        })}
      </ul>
    </>
  );
}

function ServiceDetail({ service, onBack }: { service: Service; onBack: () => void }) {
  const { t } = useLingui();
  const language = useLanguage();
  const name = language === 'ar' ? service.nameAr : service.nameEn;
  const description = language === 'ar' ? service.descriptionAr : service.descriptionEn;
  const { contact } = service;
  const isSpa = service.category === 'spa';
  const count = (n: number) => formatCount(n, language);
  // Staff photos of the menu (or the spa's services) when there are some, else the seeded pages.
  const menu = shownImages(
    service.menuPhotos,
    service.menuImages,
    language,
    (n, total) =>
      isSpa
        ? t`${name}: services, page ${count(n)} of ${count(total)}`
        : t`${name}: menu, page ${count(n)} of ${count(total)}`,
    { width: 600, height: 800 },
  );
  const gallery = shownImages(
    service.galleryPhotos,
    [],
    language,
    (n, total) => t`${name}: photo ${count(n)} of ${count(total)}`,
    { width: 600, height: 800 },
  );
  const contactClass = buttonClass('secondary', 'min-h-11 px-3 py-2 text-sm');
  return (
    <article className="flex flex-col gap-4" data-testid={`service-detail-${service.slug}`}>
      <BackButton onPress={onBack}>
        {isSpa ? <Trans>Back to Massage & Spa</Trans> : <Trans>Back to Restaurants</Trans>}
      </BackButton>
      <div className="flex flex-col gap-1">
        <Heading level={3} className="text-xl font-bold text-teal-800">
          {name}
        </Heading>
        <p className="text-slate-700">{description}</p>
        <Distance service={service} />
      </div>
      {gallery.length > 0 ? <Gallery images={gallery} kind="pages" testId="service-gallery" /> : null}
      <Gallery images={menu} kind="pages" testId="menu-gallery" />
      {/* Plain links: they leave the app (the router's links would treat them as app paths). */}
      <nav aria-label={t`Contact ${name}`} className="flex flex-wrap gap-2">
        {contact.mapUrl ? (
          <a href={contact.mapUrl} target="_blank" rel="noopener noreferrer" className={contactClass}>
            <PinIcon className="size-5" />
            <Trans>Map</Trans>
          </a>
        ) : null}
        {contact.whatsapp ? (
          <a
            href={`https://wa.me/${encodeURIComponent(contact.whatsapp)}`}
            target="_blank"
            rel="noopener noreferrer"
            className={contactClass}
          >
            <WhatsAppIcon />
            <Trans>WhatsApp</Trans>
          </a>
        ) : null}
        {contact.instagram ? (
          <a href={contact.instagram} target="_blank" rel="noopener noreferrer" className={contactClass}>
            <Trans>Instagram</Trans>
          </a>
        ) : null}
        {contact.phone ? (
          <a href={`tel:${contact.phone}`} className={contactClass}>
            <Trans>Call</Trans>
            <span dir="ltr" className="inline-block">
              {contact.phone}
            </span>
          </a>
        ) : null}
      </nav>
    </article>
  );
}
