import type { OutletSeed } from '../modules/outlets';

/**
 * The demo hotel's outlets (docs/decisions/090-outlets.md): a café and a restaurant (the tourism
 * levy on their items, as on rooms), and the minibar housekeeping reports from the rooms. Prices
 * include taxes, as the hotel's settings say.
 */
export const OUTLET_SEED: OutletSeed[] = [
  {
    nameAr: 'مقهى الواحة',
    nameEn: 'Oasis Café',
    kind: 'cafe',
    opensAt: '06:30',
    closesAt: '23:00',
    appOrders: true,
    items: [
      { nameAr: 'قهوة عربية', nameEn: 'Arabic coffee', priceBaisa: 1_500, department: 'restaurant' },
      { nameAr: 'كابتشينو', nameEn: 'Cappuccino', priceBaisa: 1_800, department: 'restaurant' },
      { nameAr: 'لاتيه بالزعفران', nameEn: 'Saffron latte', priceBaisa: 2_200, department: 'restaurant' },
      { nameAr: 'شاي كرك', nameEn: 'Karak tea', priceBaisa: 800, department: 'restaurant' },
      { nameAr: 'كيكة التمر', nameEn: 'Date cake', priceBaisa: 2_300, department: 'restaurant' },
      {
        nameAr: 'عصير برتقال طازج',
        nameEn: 'Fresh orange juice',
        priceBaisa: 1_900,
        department: 'restaurant',
      },
    ],
  },
  {
    nameAr: 'مطعم اللبان',
    nameEn: 'Frankincense Restaurant',
    kind: 'restaurant',
    opensAt: '12:00',
    closesAt: '23:30',
    appOrders: true,
    items: [
      { nameAr: 'شواء عماني', nameEn: 'Omani shuwa', priceBaisa: 7_500, department: 'restaurant' },
      { nameAr: 'مضبي دجاج', nameEn: 'Chicken madhbi', priceBaisa: 5_200, department: 'restaurant' },
      { nameAr: 'سمك كنعد مشوي', nameEn: 'Grilled kingfish', priceBaisa: 6_800, department: 'restaurant' },
      { nameAr: 'حلوى عمانية', nameEn: 'Omani halwa', priceBaisa: 2_000, department: 'restaurant' },
      { nameAr: 'مياه معدنية', nameEn: 'Mineral water', priceBaisa: 600, department: 'restaurant' },
    ],
  },
  {
    nameAr: 'الميني بار',
    nameEn: 'Minibar',
    kind: 'minibar',
    opensAt: '00:00',
    closesAt: '00:00',
    items: [
      { nameAr: 'مياه معدنية', nameEn: 'Mineral water', priceBaisa: 500, department: 'minibar' },
      { nameAr: 'عصير', nameEn: 'Juice', priceBaisa: 1_000, department: 'minibar' },
      { nameAr: 'مكسرات', nameEn: 'Mixed nuts', priceBaisa: 1_500, department: 'minibar' },
      { nameAr: 'شوكولاتة', nameEn: 'Chocolate', priceBaisa: 1_200, department: 'minibar' },
    ],
  },
  {
    nameAr: 'سبا المعبيلة',
    nameEn: 'Al Maabila Spa',
    kind: 'spa',
    opensAt: '10:00',
    closesAt: '22:00',
    appOrders: true,
    // Two therapists: two treatments at once.
    slotCapacity: 2,
    items: [
      {
        nameAr: 'تدليك عماني',
        nameEn: 'Omani massage',
        priceBaisa: 35_000,
        department: 'spa',
        durationMinutes: 60,
      },
      {
        nameAr: 'عناية بالوجه باللبان',
        nameEn: 'Frankincense facial',
        priceBaisa: 25_000,
        department: 'spa',
        durationMinutes: 45,
      },
      {
        nameAr: 'تدليك القدمين',
        nameEn: 'Foot massage',
        priceBaisa: 15_000,
        department: 'spa',
        durationMinutes: 30,
      },
    ],
  },
  {
    nameAr: 'خدمة الغسيل',
    nameEn: 'Laundry',
    kind: 'laundry',
    opensAt: '08:00',
    closesAt: '20:00',
    appOrders: true,
    items: [
      { nameAr: 'قميص', nameEn: 'Shirt', priceBaisa: 800, department: 'laundry' },
      { nameAr: 'بنطال', nameEn: 'Trousers', priceBaisa: 1_000, department: 'laundry' },
      { nameAr: 'دشداشة', nameEn: 'Dishdasha', priceBaisa: 1_500, department: 'laundry' },
      { nameAr: 'فستان', nameEn: 'Dress', priceBaisa: 2_000, department: 'laundry' },
    ],
  },
];
