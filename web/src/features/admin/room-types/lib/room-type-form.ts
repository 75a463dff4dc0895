import type { BedType, Language, SmokingType } from '@shared/constants';
import { formatOmr } from '@shared/money';
import type { RoomTypeView } from '@shared/room-type-schemas';
import { baisaOfTyped } from '@/lib/money-input';

/**
 * The room type form's values as typed: whole numbers as numbers (NaN: the field is empty),
 * prices as rials typed in a text field (Arabic-Indic digits too).
 */
export type RoomTypeFormValues = {
  code: string;
  nameAr: string;
  nameEn: string;
  descriptionAr: string;
  descriptionEn: string;
  baseOccupancy: number;
  maxAdults: number;
  maxChildren: number;
  maxOccupancy: number;
  extraBeds: number;
  bedTypes: BedType[];
  smokingOptions: SmokingType[];
  amenities: { ar: string; en: string }[];
  /** Empty (NaN): not given. */
  sizeM2: number;
  price: string;
  /** Empty: no struck-through price. */
  originalPrice: string;
  /** Each guest beyond those in the price, a night; empty: none of the type's own (the spec's 2.000). */
  extraGuestPrice: string;
  pointsPerStay: number;
  /** Empty (NaN): a free night cannot be had with points for this type. */
  freeNightPoints: number;
  vipEligible: boolean;
  sortOrder: number;
  roomCount: number;
};

/**
 * The form's starting values: a type as it is stored (its edit), or a new type for two guests
 * (adults only by default: the admin says how many children it takes), a double bed, non-smoking,
 * one room, after the types there are.
 */
export function initialRoomTypeForm(
  type: RoomTypeView | null,
  language: Language,
  nextSortOrder = 0,
): RoomTypeFormValues {
  if (!type) {
    return {
      code: '',
      nameAr: '',
      nameEn: '',
      descriptionAr: '',
      descriptionEn: '',
      baseOccupancy: 2,
      maxAdults: 2,
      maxChildren: 0,
      maxOccupancy: 2,
      extraBeds: 0,
      bedTypes: ['double'],
      smokingOptions: ['non_smoking'],
      amenities: [],
      sizeM2: Number.NaN,
      price: '',
      originalPrice: '',
      extraGuestPrice: '',
      pointsPerStay: 0,
      freeNightPoints: Number.NaN,
      vipEligible: true,
      sortOrder: nextSortOrder,
      roomCount: 1,
    };
  }
  return {
    code: type.code,
    nameAr: type.nameAr,
    nameEn: type.nameEn,
    descriptionAr: type.descriptionAr,
    descriptionEn: type.descriptionEn,
    baseOccupancy: type.baseOccupancy,
    maxAdults: type.maxAdults,
    maxChildren: type.maxChildren,
    maxOccupancy: type.maxOccupancy,
    extraBeds: type.extraBeds,
    bedTypes: [...type.bedTypes],
    smokingOptions: [...type.smokingOptions],
    amenities: type.amenities.map((a) => ({ ...a })),
    sizeM2: type.sizeM2 ?? Number.NaN,
    price: formatOmr(type.priceBaisa, language),
    originalPrice: type.originalPriceBaisa === null ? '' : formatOmr(type.originalPriceBaisa, language),
    extraGuestPrice: type.extraGuestPriceBaisa == null ? '' : formatOmr(type.extraGuestPriceBaisa, language),
    pointsPerStay: type.pointsPerStay,
    freeNightPoints: type.freeNightPoints ?? Number.NaN,
    vipEligible: type.vipEligible,
    sortOrder: type.sortOrder,
    roomCount: type.roomCount,
  };
}

/** The form's field of each error the schema or the server names (the prices are typed as rials). */
export function formErrorsOf(errors: Partial<Record<string, string>>): Partial<Record<string, string>> {
  const { priceBaisa, originalPriceBaisa, extraGuestPriceBaisa, ...rest } = errors;
  return {
    ...rest,
    ...(priceBaisa ? { price: priceBaisa } : {}),
    ...(originalPriceBaisa ? { originalPrice: originalPriceBaisa } : {}),
    ...(extraGuestPriceBaisa ? { extraGuestPrice: extraGuestPriceBaisa } : {}),
  };
}

/**
 * The body to send (POST: with the code; PATCH: without it, the code never changes), checked by
 * the shared schema before it goes. An empty optional field is null; a price that is not an
 * amount stays NaN, which the schema refuses with its own message. Amenities with both languages
 * empty are left out.
 */
export function roomTypeBodyOf(values: RoomTypeFormValues, isNew: boolean) {
  const optional = (n: number) => (Number.isNaN(n) ? null : n);
  const body = {
    nameAr: values.nameAr,
    nameEn: values.nameEn,
    descriptionAr: values.descriptionAr,
    descriptionEn: values.descriptionEn,
    baseOccupancy: values.baseOccupancy,
    maxAdults: values.maxAdults,
    maxChildren: values.maxChildren,
    maxOccupancy: values.maxOccupancy,
    extraBeds: values.extraBeds,
    bedTypes: values.bedTypes,
    smokingOptions: values.smokingOptions,
    amenities: values.amenities.filter((a) => a.ar.trim() !== '' || a.en.trim() !== ''),
    sizeM2: optional(values.sizeM2),
    priceBaisa: baisaOfTyped(values.price),
    originalPriceBaisa: values.originalPrice.trim() === '' ? null : baisaOfTyped(values.originalPrice),
    extraGuestPriceBaisa: values.extraGuestPrice.trim() === '' ? null : baisaOfTyped(values.extraGuestPrice),
    pointsPerStay: values.pointsPerStay,
    freeNightPoints: optional(values.freeNightPoints),
    vipEligible: values.vipEligible,
    sortOrder: values.sortOrder,
    roomCount: values.roomCount,
  };
  return isNew ? { code: values.code, ...body } : body;
}
