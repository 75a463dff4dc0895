import { ROOM_TYPES, type RoomType } from '@shared/constants';
import { type AdminOffer } from '../api/get-admin-offers';

/** The offer form's values as typed (the discount as text, dates empty for none). */
export type OfferFormValues = {
  roomType: RoomType;
  theme: RoomType;
  title: string;
  titleAr: string;
  description: string;
  descriptionAr: string;
  discount: string;
  features: { ar: string; en: string }[];
  isBestSeller: boolean;
  isActive: boolean;
  validFrom: string;
  validTo: string;
};

/** A new offer starts today for the silver room at 10 %; an existing one as it is saved. */
export function offerFormValues(offer: AdminOffer | null, today: string): OfferFormValues {
  if (!offer) {
    return {
      roomType: 'silver',
      theme: 'silver',
      title: '',
      titleAr: '',
      description: '',
      descriptionAr: '',
      discount: '10',
      features: [],
      isBestSeller: false,
      isActive: true,
      validFrom: today,
      validTo: '',
    };
  }
  return {
    roomType: offer.roomType,
    theme: (ROOM_TYPES as readonly string[]).includes(offer.theme)
      ? (offer.theme as RoomType)
      : offer.roomType,
    title: offer.title,
    titleAr: offer.titleAr,
    description: offer.description,
    descriptionAr: offer.descriptionAr,
    discount: String(offer.discount),
    features: offer.features,
    isBestSeller: offer.isBestSeller,
    isActive: offer.isActive,
    validFrom: offer.validFrom ?? '',
    validTo: offer.validTo ?? '',
  };
}
