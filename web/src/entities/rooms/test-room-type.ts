import type { RoomTypeEntry } from './get-room-types';

/**
 * For tests: a room type as GET /api/room-types answers it, `code` with the spec's defaults
 * (two guests in the price, up to four: four adults, three children; both bed types and smoking
 * options) and `fields` over them. Not used by the app.
 */
export function testRoomType(code: string, fields: Partial<RoomTypeEntry> = {}): RoomTypeEntry {
  return {
    code,
    nameAr: code,
    nameEn: code,
    descriptionAr: '',
    descriptionEn: '',
    baseOccupancy: 2,
    maxAdults: 4,
    maxChildren: 3,
    maxOccupancy: 4,
    extraBeds: 0,
    bedTypes: ['single', 'double'],
    smokingOptions: ['smoking', 'non_smoking'],
    amenities: [],
    sizeM2: null,
    priceBaisa: 10_000,
    originalPriceBaisa: null,
    pointsPerStay: 0,
    freeNightPoints: null,
    vipEligible: true,
    sortOrder: 1,
    active: true,
    roomCount: 4,
    listedRooms: 4,
    lowStock: { red: 1, yellow: 2 },
    imageUrl: null,
    photos: [],
    lowestPriceBaisa: fields.priceBaisa ?? 10_000,
    ...fields,
  } as RoomTypeEntry;
}
