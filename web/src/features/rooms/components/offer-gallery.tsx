import { Trans, useLingui } from '@lingui/react/macro';
import { Modal } from '@/components/ui/dialog';
import { useHideHeader } from '@/hooks/use-hide-header';
import { formatCount } from '@/lib/format';
import { shownImages } from '@/lib/photos';
import type { Offer } from '@/entities/offers/get-offers';
import { Gallery } from '@/components/gallery';
import { useLanguage } from '@/hooks/use-language';

/**
 * An offer's photo gallery (spec sections 2 and 4): opens on the first photo;
 * previous/next wrap around; dots and an "n / total" counter; a photo that
 * fails to load is hidden. Arrow keys move in the reading direction.
 */
export default function OfferGallery({ offer, onClose }: { offer: Offer; onClose: () => void }) {
  const language = useLanguage();
  const name = language === 'ar' ? offer.nameAr : offer.nameEn;
  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()} title={name} size="lg">
      <OfferPhotos offer={offer} name={name} />
    </Modal>
  );
}

function OfferPhotos({ offer, name }: { offer: Offer; name: string }) {
  useHideHeader();
  const { t } = useLingui();
  const language = useLanguage();
  const images = shownImages(
    offer.photos,
    offer.galleryImages,
    language,
    (n, total) => `${name}: ${t`Photo ${formatCount(n, language)} of ${formatCount(total, language)}`}`,
    { width: 800, height: 500 },
  );
  if (images.length === 0) {
    return (
      <p className="text-slate-700">
        <Trans>No photos of this offer yet.</Trans>
      </p>
    );
  }
  return <Gallery images={images} kind="photos" testId="offer-gallery" />;
}
