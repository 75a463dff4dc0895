/**
 * The demo catalogue that the idempotent seed writes: room tiers, the
 * offers, the prize-draw events, nearby services, VIP card names and the site
 * settings row. Pure data only. Prices, allowances and rule numbers come from
 * shared/src/constants, so this file holds only the words and images.
 */
import { EVENT_RULES, type EventType, type VipCardType } from '@shared/constants';
import { POINTS_EARNED, type RoomType } from './spec-room-types';
import type { SocialLink } from '@shared/content-schemas';
import { type LocalizedText, type ServiceContact } from '../modules/catalog';
import { formatWhole } from '@shared/intl-cache';

type RoomSeed = {
  roomType: RoomType;
  name: string;
  nameAr: string;
  description: string;
  descriptionAr: string;
  maxGuests: number;
  amenities: LocalizedText[];
  imageUrl: string;
  sortOrder: number;
};

type OfferSeed = {
  slug: string;
  roomType: RoomType;
  title: string;
  titleAr: string;
  description: string;
  descriptionAr: string;
  features: LocalizedText[];
  galleryImages: string[];
  isBestSeller: boolean;
  theme: RoomType;
  /**
   * The offer's discount as staff read it at /admin/offers. The demo offers carry the spec's own
   * prices (OFFER_PRICES_BAISA, spec-room-types.ts), so this is their discount rounded to a whole percent.
   */
  discount: number;
  validFrom: string | null;
  validTo: string | null;
  sortOrder: number;
};

type EventSeed = {
  slug: EventType;
  title: string;
  titleAr: string;
  description: string;
  descriptionAr: string;
};

type ServiceSeed = {
  slug: string;
  category: 'restaurant' | 'spa' | 'transport' | 'shopping';
  nameAr: string;
  nameEn: string;
  descriptionAr: string;
  descriptionEn: string;
  distanceMeters: number | null;
  walkMinutes: number | null;
  menuImages: string[];
  contact: ServiceContact;
  isActive: boolean;
  sortOrder: number;
};

type VipCardSeed = { id: VipCardType; nameAr: string; nameEn: string; sortOrder: number };

type SiteSettingsSeed = {
  siteName: string;
  siteNameAr: string;
  siteDescription: string;
  siteDescriptionAr: string;
  contactPhone: string;
  contactEmail: string;
  whatsappNumber: string;
  address: string;
  addressAr: string;
  mapUrl: string;
  socialLinks: SocialLink[];
  checkInTime: string;
  checkOutTime: string;
};

/** Shared amenity wording, so the same feature reads the same in every tier. */
const A = {
  wifi: { ar: 'إنترنت لاسلكي مجاني', en: 'Free Wi-Fi' },
  fastWifi: { ar: 'إنترنت لاسلكي فائق السرعة مجاني', en: 'Free high-speed Wi-Fi' },
  ac: { ar: 'تكييف هواء', en: 'Air conditioning' },
  tv: { ar: 'تلفاز ذكي', en: 'Smart TV' },
  kettle: { ar: 'ركن للشاي والقهوة', en: 'Tea and coffee corner' },
  miniBar: { ar: 'ثلاجة صغيرة (ميني بار)', en: 'Mini bar' },
  desk: { ar: 'مكتب عمل', en: 'Work desk' },
  seating: { ar: 'ركن جلوس مريح', en: 'Comfortable seating area' },
  robes: { ar: 'أرواب ونعال للحمّام', en: 'Bathrobes and slippers' },
  living: { ar: 'صالة معيشة منفصلة', en: 'Separate living area' },
  jacuzzi: { ar: 'جاكوزي خاص', en: 'Private jacuzzi' },
  coffeeMachine: { ar: 'آلة قهوة وميني بار مجهّز', en: 'Coffee machine and stocked mini bar' },
} satisfies Record<string, LocalizedText>;

export const ROOM_SEED: readonly RoomSeed[] = [
  {
    roomType: 'silver',
    name: 'Silver Room',
    nameAr: 'الغرفة الفضية',
    description: 'A comfortable, modern room that is ideal for short stays and business trips.',
    descriptionAr: 'غرفة مريحة بتصميم عصري، مثالية للإقامات القصيرة ورحلات العمل.',
    maxGuests: 4,
    amenities: [A.wifi, A.ac, A.tv, A.kettle],
    imageUrl: '/images/rooms/silver.svg',
    sortOrder: 1,
  },
  {
    roomType: 'gold',
    name: 'Gold Room',
    nameAr: 'الغرفة الذهبية',
    description: 'A spacious room with elegant furnishings and a work desk, for work and rest alike.',
    descriptionAr: 'غرفة واسعة بأثاث أنيق ومكتب عمل، تجمع بين الراحة وإنجاز الأعمال.',
    maxGuests: 4,
    amenities: [A.wifi, A.ac, A.tv, A.miniBar, A.desk],
    imageUrl: '/images/rooms/gold.svg',
    sortOrder: 2,
  },
  {
    roomType: 'diamond',
    name: 'Diamond Room',
    nameAr: 'الغرفة الماسية',
    description: 'A premium room with a private seating area and refined details for a relaxing stay.',
    descriptionAr: 'غرفة فاخرة بركن جلوس خاص وتفاصيل راقية لإقامة هادئة ومريحة.',
    maxGuests: 4,
    amenities: [A.fastWifi, A.ac, A.tv, A.miniBar, A.seating, A.robes],
    imageUrl: '/images/rooms/diamond.svg',
    sortOrder: 3,
  },
  {
    roomType: 'deluxe',
    name: 'Deluxe Suite',
    nameAr: 'جناح الديلوكس',
    description:
      'Our finest suite, with a separate living area and a private jacuzzi for families and special occasions.',
    descriptionAr: 'أرقى أجنحتنا، بصالة معيشة منفصلة وجاكوزي خاص، مثالي للعائلات والمناسبات الخاصة.',
    maxGuests: 4,
    amenities: [A.fastWifi, A.ac, A.tv, A.living, A.jacuzzi, A.coffeeMachine],
    imageUrl: '/images/rooms/deluxe.svg',
    sortOrder: 4,
  },
];

/**
 * Arabic counted noun for points: 3-10 take the plural, 11 and above the singular; the number
 * in Arabic-Indic digits by the one formatter (shared/src/intl-cache.ts).
 */
const pointsAr = (n: number): string =>
  n === 1
    ? 'نقطة واحدة'
    : n === 2
      ? 'نقطتين'
      : n % 100 >= 3 && n % 100 <= 10
        ? `${formatWhole(n, 'ar')} نقاط`
        : `${formatWhole(n, 'ar')} نقطة`;

const pointsFeature = (t: RoomType): LocalizedText => ({
  ar: `اكسب ${pointsAr(POINTS_EARNED[t])} ولاء عن كل إقامة`,
  en: `Earn ${POINTS_EARNED[t]} loyalty points per stay`,
});

const gallery = (t: RoomType): string[] => [1, 2, 3].map((i) => `/images/offers/${t}-${i}.svg`);

/**
 * The demo offers run without an end, so a fresh `npm start` shows them whatever the
 * date; staff give real offers their windows at /admin/offers. They carry the spec's own
 * prices (spec-room-types.ts OFFER_PRICES_BAISA, docs/decisions/014-offer-prices.md):
 * the rooms' discounted prices against the offers panel's original prices.
 */
const OPEN = { validFrom: null, validTo: null } as const;

export const OFFER_SEED: readonly OfferSeed[] = [
  {
    slug: 'offer-silver',
    roomType: 'silver',
    title: 'Exclusive Offer – Silver Room',
    titleAr: 'عرض حصري – الغرفة الفضية',
    description: 'Stay in the Silver Room at a special price.',
    descriptionAr: 'استمتع بالإقامة في الغرفة الفضية بسعر خاص.',
    features: [
      { ar: 'سعر مخفّض لليلة الواحدة', en: 'Discounted nightly rate' },
      A.wifi,
      pointsFeature('silver'),
    ],
    galleryImages: gallery('silver'),
    isBestSeller: false,
    theme: 'silver',
    discount: 7,
    ...OPEN,
    sortOrder: 1,
  },
  {
    slug: 'offer-gold',
    roomType: 'gold',
    title: 'Exclusive Offer – Gold Room',
    titleAr: 'عرض حصري – الغرفة الذهبية',
    description: 'More space and comfort in the Gold Room at a reduced rate.',
    descriptionAr: 'مساحة أكبر وراحة أكثر في الغرفة الذهبية بسعر مخفّض.',
    features: [
      { ar: 'سعر مخفّض لليلة الواحدة', en: 'Discounted nightly rate' },
      { ar: 'مشروب ترحيبي عند الوصول', en: 'Welcome drink on arrival' },
      A.wifi,
      pointsFeature('gold'),
    ],
    galleryImages: gallery('gold'),
    isBestSeller: false,
    theme: 'gold',
    discount: 10,
    ...OPEN,
    sortOrder: 2,
  },
  {
    slug: 'offer-diamond',
    roomType: 'diamond',
    title: 'Exclusive Offer – Diamond Room',
    titleAr: 'عرض حصري – الغرفة الماسية',
    description: 'A premium stay in the Diamond Room with exclusive extras.',
    descriptionAr: 'إقامة فاخرة في الغرفة الماسية مع مزايا حصرية.',
    features: [
      { ar: 'سعر مخفّض لليلة الواحدة', en: 'Discounted nightly rate' },
      { ar: 'مغادرة متأخرة حسب التوفر', en: 'Late check-out, subject to availability' },
      A.fastWifi,
      pointsFeature('diamond'),
    ],
    galleryImages: gallery('diamond'),
    isBestSeller: false,
    theme: 'diamond',
    discount: 11,
    ...OPEN,
    sortOrder: 3,
  },
  {
    slug: 'offer-deluxe',
    roomType: 'deluxe',
    title: 'Exclusive Offer – Deluxe Suite',
    titleAr: 'عرض حصري – جناح الديلوكس',
    description: 'Our most popular offer: the Deluxe Suite with its private jacuzzi at our best price.',
    descriptionAr: 'عرضنا الأكثر طلبًا: جناح الديلوكس مع الجاكوزي الخاص بأفضل سعر لدينا.',
    features: [
      { ar: 'أفضل سعر لليلة الواحدة', en: 'Best nightly rate' },
      A.jacuzzi,
      { ar: 'مغادرة متأخرة حسب التوفر', en: 'Late check-out, subject to availability' },
      pointsFeature('deluxe'),
    ],
    galleryImages: gallery('deluxe'),
    isBestSeller: true,
    theme: 'deluxe',
    discount: 10,
    ...OPEN,
    sortOrder: 4,
  },
];

const { photographyMinImages, locationSharesRequired, ratingMinImages } = EVENT_RULES;

export const EVENT_SEED: readonly EventSeed[] = [
  {
    slug: 'photography',
    title: 'Photography Event',
    titleAr: 'فعالية التصوير',
    description: `Share at least ${photographyMinImages} photos from your stay at the hotel and enter the monthly draw to win a free night.`,
    descriptionAr: `شارك ${formatWhole(photographyMinImages, 'ar')} صور على الأقل من إقامتك في الفندق، وادخل السحب الشهري للفوز بليلة مجانية.`,
  },
  {
    slug: 'location_sharing',
    title: 'Location Sharing Event',
    titleAr: 'فعالية مشاركة الموقع',
    description: `Share the hotel's location with friends ${locationSharesRequired} times and enter the monthly draw to win a free overnight stay.`,
    descriptionAr: `شارك موقع الفندق مع أصدقائك ${formatWhole(locationSharesRequired, 'ar')} مرات، وادخل السحب الشهري للفوز بإقامة ليلة مجانية.`,
  },
  {
    slug: 'hotel_rating',
    title: 'Hotel Rating Event',
    titleAr: 'فعالية تقييم الفندق',
    description: `Rate the hotel on Google with at least three different comments (food, rooms, service), upload ${ratingMinImages} screenshots and enter the monthly draw to win free nights.`,
    descriptionAr: `قيّم الفندق على Google بثلاثة تعليقات مختلفة على الأقل (الطعام، الغرف، الخدمة)، وارفع ${formatWhole(ratingMinImages, 'ar')} لقطات شاشة، وادخل السحب الشهري للفوز بليالٍ مجانية.`,
  },
];

const MAP_URL = 'https://maps.google.com/?q=Al+Maabila+Muscat';
const INSTAGRAM = 'https://instagram.com/example';
const contact = (n: number): ServiceContact => ({
  phone: `+9689000000${n}`,
  whatsapp: `9689000000${n}`,
  mapUrl: MAP_URL,
  instagram: INSTAGRAM,
});

const SOON_AR = 'سيتم تفعيل هذه الخدمة قريبًا.';
const SOON_EN = 'This service will be activated soon.';

/** An inactive placeholder: listed, but its items only say "coming soon". */
const placeholder = (
  slug: string,
  category: 'transport' | 'shopping',
  nameAr: string,
  nameEn: string,
  sortOrder: number,
): ServiceSeed => ({
  slug,
  category,
  nameAr,
  nameEn,
  descriptionAr: SOON_AR,
  descriptionEn: SOON_EN,
  distanceMeters: null,
  walkMinutes: null,
  menuImages: [],
  contact: {},
  isActive: false,
  sortOrder,
});

export const SERVICE_SEED: readonly ServiceSeed[] = [
  {
    slug: 'omani-restaurant',
    category: 'restaurant',
    nameAr: 'مطعم التراث العماني',
    nameEn: 'Omani Heritage Restaurant',
    descriptionAr: 'أطباق عمانية تقليدية مثل الشواء والقبولي والهريس، تُقدَّم مع القهوة العمانية والتمر.',
    descriptionEn:
      'Traditional Omani dishes such as shuwa, qabuli and harees, served with Omani coffee and dates.',
    distanceMeters: 500,
    walkMinutes: 3,
    menuImages: ['/images/services/omani-menu.svg'],
    contact: contact(1),
    isActive: true,
    sortOrder: 1,
  },
  {
    slug: 'thai-restaurant',
    category: 'restaurant',
    nameAr: 'مطعم الأوركيد التايلندي',
    nameEn: 'Thai Orchid Restaurant',
    descriptionAr: 'مأكولات تايلندية أصيلة، من أطباق الكاري والباد تاي إلى الحساء الحار والمأكولات البحرية.',
    descriptionEn: 'Authentic Thai cuisine, from curries and pad thai to spicy soups and seafood.',
    distanceMeters: 500,
    walkMinutes: 3,
    menuImages: [1, 2, 3].map((i) => `/images/services/thai-menu-${i}.svg`),
    contact: contact(2),
    isActive: true,
    sortOrder: 2,
  },
  {
    slug: 'massage-spa',
    category: 'spa',
    nameAr: 'مركز المساج والسبا',
    nameEn: 'Massage & Spa',
    descriptionAr: 'جلسات مساج للاسترخاء، وحمّام مغربي، وعلاجات للعناية بالبشرة على يد فريق متخصص.',
    descriptionEn: 'Relaxing massages, a Moroccan bath and skin-care treatments by a professional team.',
    distanceMeters: null,
    walkMinutes: null,
    menuImages: [1, 2, 3].map((i) => `/images/services/spa-${i}.svg`),
    contact: contact(3),
    isActive: true,
    sortOrder: 3,
  },
  placeholder('taxi', 'transport', 'سيارات الأجرة', 'Taxi', 4),
  placeholder('airport-transfer', 'transport', 'التوصيل من المطار وإليه', 'Airport Transfer', 5),
  placeholder('malls', 'shopping', 'المراكز التجارية', 'Malls', 6),
  placeholder('local-markets', 'shopping', 'الأسواق المحلية', 'Local Markets', 7),
];

export const VIP_CARD_SEED: readonly VipCardSeed[] = [
  { id: 'silver', nameAr: 'البطاقة الفضية', nameEn: 'Silver Card', sortOrder: 1 },
  { id: 'gold', nameAr: 'البطاقة الذهبية', nameEn: 'Gold Card', sortOrder: 2 },
  { id: 'elite', nameAr: 'بطاقة النخبة', nameEn: 'Elite Card', sortOrder: 3 },
];

export const SITE_SETTINGS_SEED: SiteSettingsSeed = {
  siteName: 'Al Maabila Hotel',
  siteNameAr: 'فندق المعبيلة',
  siteDescription:
    'A comfortable stay in Al Maabila, Seeb, close to the restaurants, markets and beaches of Muscat.',
  siteDescriptionAr: 'إقامة مريحة في المعبيلة بولاية السيب، على مقربة من مطاعم مسقط وأسواقها وشواطئها.',
  // Demo contacts (development seed only; production starts empty until an admin saves them).
  contactPhone: '+968 2445 1000',
  contactEmail: 'reservations@almaabila-hotel.example',
  whatsappNumber: '+968 9123 4567',
  address: 'Al Maabila, Seeb, Muscat, Oman',
  addressAr: 'المعبيلة، ولاية السيب، مسقط، سلطنة عمان',
  mapUrl: MAP_URL,
  socialLinks: [{ platform: 'instagram', url: INSTAGRAM }],
  checkInTime: '14:00',
  checkOutTime: '12:00',
};

/** What a hotel of the demo chain says of itself beyond its name (hotels.json names it). */
type HotelSiteSeed = Pick<
  SiteSettingsSeed,
  'siteDescription' | 'siteDescriptionAr' | 'address' | 'addressAr'
>;

/**
 * The demo chain's other hotels (docs/decisions/103): each its own description and address, so
 * Salalah's landing and search results do not describe Al Maabila in Seeb. A hotel added with
 * `npm run hotel:add` and not listed here keeps the default hotel's text until an admin saves its own.
 */
export const DEMO_HOTEL_SITES: Readonly<Record<string, HotelSiteSeed>> = {
  salalah: {
    siteDescription:
      'A beach stay in Salalah, on the Arabian Sea, close to the khareef’s green hills, the souqs of Al Haffa and the coconut groves of Dhofar.',
    siteDescriptionAr:
      'إقامة على شاطئ صلالة المطل على بحر العرب، على مقربة من تلال الخريف الخضراء وسوق الحافة ومزارع النارجيل في ظفار.',
    address: 'Al Dahariz, Salalah, Dhofar, Oman',
    addressAr: 'الدهاريز، صلالة، محافظة ظفار، سلطنة عمان',
  },
};

/**
 * The assistant's starting Q&A: common questions, one entry per language so
 * a question is answered in the language it was asked in. Written once into an empty
 * table; from then on they are the admin's to edit (the seed never overwrites them).
 */
export const CHAT_QA_SEED: { question: string; answer: string; keywords: string[] }[] = [
  {
    question: 'What time is breakfast served?',
    answer: 'Breakfast is served every day from 6:30 to 10:30 am in the main restaurant on the ground floor.',
    keywords: ['breakfast', 'morning meal', 'buffet'],
  },
  {
    question: 'متى يقدم الإفطار؟',
    answer: 'يُقدَّم الإفطار يومياً من الساعة ٦:٣٠ حتى ١٠:٣٠ صباحاً في المطعم الرئيسي بالطابق الأرضي.',
    keywords: ['الإفطار', 'فطور', 'الفطور', 'بوفيه'],
  },
  // Check-in and check-out times come from the site settings too (policyText), never from a seed.
  {
    question: 'Is there parking at the hotel?',
    answer: 'Yes, parking is free for hotel guests, right in front of the hotel.',
    keywords: ['parking', 'car park', 'park', 'car'],
  },
  {
    question: 'هل يوجد موقف سيارات؟',
    answer: 'نعم، مواقف السيارات مجانية لنزلاء الفندق أمام المبنى مباشرة.',
    keywords: ['موقف', 'مواقف', 'سيارة', 'باركن'],
  },
  {
    question: 'Is there Wi-Fi?',
    answer:
      'Yes, free Wi-Fi covers the whole hotel. The network name and password are on your room key card.',
    keywords: ['wifi', 'wi-fi', 'internet', 'wireless'],
  },
  {
    question: 'هل يوجد واي فاي؟',
    answer:
      'نعم، شبكة الواي فاي مجانية في جميع أنحاء الفندق، وتجد اسم الشبكة وكلمة المرور على بطاقة مفتاح الغرفة.',
    keywords: ['واي فاي', 'وايفاي', 'انترنت', 'الإنترنت', 'شبكة'],
  },
  {
    question: 'How far is the airport?',
    answer: 'Muscat International Airport is about 15 minutes by car. The front desk can book you a taxi.',
    keywords: ['airport', 'taxi', 'transfer', 'flight'],
  },
  {
    question: 'كم يبعد المطار عن الفندق؟',
    answer: 'يبعد مطار مسقط الدولي حوالي ١٥ دقيقة بالسيارة، ويمكن للاستقبال حجز سيارة أجرة لك.',
    keywords: ['المطار', 'مطار', 'تاكسي', 'أجرة'],
  },
  {
    question: 'Is there a swimming pool?',
    answer: 'Yes, the outdoor pool is open daily from 7:00 am to 9:00 pm. Towels are available at the pool.',
    keywords: ['pool', 'swimming', 'swim'],
  },
  {
    question: 'هل يوجد مسبح؟',
    answer: 'نعم، المسبح الخارجي مفتوح يومياً من الساعة ٧:٠٠ صباحاً حتى ٩:٠٠ مساءً، والمناشف متوفرة عند المسبح.',
    keywords: ['مسبح', 'المسبح', 'سباحة', 'حمام السباحة'],
  },
  {
    question: 'Where can I pray? Is there a mosque nearby?',
    answer:
      'There is a prayer room on the ground floor, and a mosque a 3-minute walk from the hotel. Prayer times are shown at the front desk.',
    keywords: ['prayer', 'pray', 'mosque', 'qibla'],
  },
  {
    question: 'أين يمكنني الصلاة؟ هل يوجد مسجد قريب؟',
    answer:
      'يوجد مصلى في الطابق الأرضي، ومسجد على بعد ٣ دقائق سيراً من الفندق. مواقيت الصلاة معروضة عند الاستقبال.',
    keywords: ['صلاة', 'الصلاة', 'مسجد', 'مصلى', 'القبلة'],
  },
  {
    question: 'Are pets allowed?',
    answer: 'Sorry, pets are not allowed in the hotel, except guide dogs.',
    keywords: ['pet', 'pets', 'dog', 'cat', 'animal'],
  },
  {
    question: 'هل يسمح بالحيوانات الأليفة؟',
    answer: 'نعتذر، لا يُسمح بالحيوانات الأليفة في الفندق باستثناء كلاب الإرشاد.',
    keywords: ['حيوانات', 'حيوان', 'أليفة', 'قطة', 'كلب'],
  },
  {
    question: 'How can I pay?',
    answer:
      'You pay at the hotel, in cash or by card at the front desk. Loyalty points can pay for a free night.',
    keywords: ['pay', 'payment', 'cash', 'card', 'visa'],
  },
  {
    question: 'ما هي طرق الدفع؟',
    answer: 'الدفع في الفندق نقداً أو بالبطاقة عند الاستقبال، ويمكن استخدام نقاط الولاء لليلة مجانية.',
    keywords: ['الدفع', 'دفع', 'نقدا', 'بطاقة', 'فيزا'],
  },
  {
    question: 'Do you offer room service?',
    answer: 'Yes, room service is available from 7:00 am to 11:00 pm. Dial 0 from your room phone.',
    keywords: ['room service', 'food to room', 'order food'],
  },
  {
    question: 'هل تتوفر خدمة الغرف؟',
    answer: 'نعم، خدمة الغرف متوفرة من الساعة ٧:٠٠ صباحاً حتى ١١:٠٠ مساءً، اطلب الرقم ٠ من هاتف غرفتك.',
    keywords: ['خدمة الغرف', 'طعام', 'طلب'],
  },
  {
    question: 'Is there a gym?',
    answer: 'Yes, the gym on the first floor is open 24 hours for hotel guests.',
    keywords: ['gym', 'fitness', 'exercise', 'workout'],
  },
  {
    question: 'هل يوجد نادٍ رياضي؟',
    answer: 'نعم، النادي الرياضي في الطابق الأول مفتوح على مدار ٢٤ ساعة لنزلاء الفندق.',
    keywords: ['نادي', 'جيم', 'رياضة', 'لياقة'],
  },
  // No seeded answer about cancelling or changing a booking: the assistant states the stay policy
  // from the site settings (modules/assistant/assistant-facts.ts policyText).
];

/**
 * The demo's rate plans beside `standard` (decision 061): a non-refundable rate ten percent under
 * the flexible one and paid in full (online, which confirms the request at once: decision 071),
 * and bed and breakfast twenty percent over it, both following standard's prices night by night.
 */
/** The demo plans' codes (named apart: `code: '…'` reads as an error code to the catalogue's test). */
export const DEMO_RATE_PLANS = {
  nonRefundable: 'non_refundable',
  bedAndBreakfast: 'bed_and_breakfast',
  corporate: 'corporate',
} as const;

export const RATE_PLAN_SEED = [
  {
    code: DEMO_RATE_PLANS.nonRefundable,
    nameAr: 'سعر غير قابل للاسترداد',
    nameEn: 'Non-refundable',
    breakfastIncluded: false,
    cancellation: { kind: 'non_refundable' as const },
    deposit: { kind: 'percent' as const, percent: 100 },
    confirmOnDeposit: true,
    parentCode: 'standard',
    parentAdjustmentPercent: -10,
    sortOrder: 1,
  },
  {
    code: DEMO_RATE_PLANS.bedAndBreakfast,
    nameAr: 'الإقامة مع الإفطار',
    nameEn: 'Bed and breakfast',
    breakfastIncluded: true,
    cancellation: { kind: 'free_until' as const, hours: 24 },
    deposit: { kind: 'none' as const },
    parentCode: 'standard',
    parentAdjustmentPercent: 20,
    sortOrder: 2,
  },
  {
    // A private plan (not public): sold only to bookings of a company that has it, Oman LNG below.
    code: DEMO_RATE_PLANS.corporate,
    nameAr: 'أسعار الشركات',
    nameEn: 'Corporate',
    breakfastIncluded: true,
    cancellation: { kind: 'free_until' as const, hours: 24 },
    deposit: { kind: 'none' as const },
    parentCode: 'standard',
    parentAdjustmentPercent: -15,
    public: false,
    sortOrder: 3,
  },
];

/**
 * The demo hotel's legal details as its tax invoices print them (made up for the demo: a VAT
 * number of Oman's shape, OM and ten digits).
 */
export const DEMO_SUPPLIER = {
  supplierNameAr: 'شركة فندق المعبيلة ش.م.م',
  supplierNameEn: 'Al Maabila Hotel LLC',
  supplierAddressAr: 'المعبيلة الجنوبية، ولاية السيب، محافظة مسقط، سلطنة عمان',
  supplierAddressEn: 'South Al Maabila, Wilayat As Seeb, Muscat Governorate, Sultanate of Oman',
  vatNumber: 'OM1100012345',
  commercialRegistration: '1234567',
};
