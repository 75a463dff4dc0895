import { ROOM_TYPE_CODE, type RoomTypeCode } from '@shared/room-type-schemas';
import { type AdminOffer } from '../api/get-admin-offers';

/** The offer form's values as typed (the discount as text, dates empty for none). */
export type OfferFormValues = {
  roomType: RoomTypeCode;
  /** The card's colours: the offer's room type's (the editor keeps them together). */
  theme: RoomTypeCode;
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

/**
 * A new offer starts today at 10 % for `firstType` (the first room type the hotel sells); an
 * existing one as it is saved.
 */
export function offerFormValues(offer: AdminOffer | null, today: string, firstType = ''): OfferFormValues {
  if (!offer) {
    return {
      roomType: firstType,
      theme: firstType,
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
    theme: ROOM_TYPE_CODE.test(offer.theme) ? offer.theme : offer.roomType,
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
