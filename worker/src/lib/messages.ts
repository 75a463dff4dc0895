import type { BookingStatus, RoomType } from '../../../shared/src/constants';
/**
 * Every text the API sends to a person, in Arabic and English. Error
 * responses carry a stable `code` for programs and a `message` in the
 * request's language for people.
 */
export const MESSAGES = {
  not_found: { ar: 'غير موجود', en: 'Not found' },
  route_not_found: { ar: 'هذا المسار غير موجود', en: 'This API route does not exist' },
  internal_error: {
    ar: 'حدث خطأ غير متوقع، يرجى المحاولة مرة أخرى',
    en: 'An unexpected error occurred. Please try again.',
  },
  validation_failed: { ar: 'بعض الحقول غير صحيحة', en: 'Some fields are not valid' },
  invalid_json: { ar: 'نص الطلب ليس JSON صالحاً', en: 'The request body is not valid JSON' },
  invalid_date: { ar: 'التاريخ غير صالح (YYYY-MM-DD)', en: 'Invalid date (YYYY-MM-DD)' },
  from_and_to_together: {
    ar: 'يجب إرسال تاريخي البداية والنهاية معاً',
    en: 'Send both from and to, or neither',
  },
  to_after_from: {
    ar: 'تاريخ النهاية يجب أن يكون بعد تاريخ البداية',
    en: 'The end date must be after the start date',
  },
  invalid_room_type: { ar: 'نوع الغرفة غير صالح', en: 'Invalid room type' },
  database_unavailable: { ar: 'قاعدة البيانات غير متاحة', en: 'The database is unavailable' },
  // Accounts
  full_name_min: { ar: 'الاسم يجب أن يكون حرفين على الأقل', en: 'Name must be at least 2 characters' },
  full_name_max: { ar: 'الاسم طويل جداً (100 حرف كحد أقصى)', en: 'Name is too long (100 characters at most)' },
  email_required: { ar: 'البريد الإلكتروني مطلوب', en: 'E-mail is required' },
  email_invalid: { ar: 'البريد الإلكتروني غير صالح', en: 'Invalid email address' },
  password_min: {
    ar: 'كلمة المرور يجب أن تكون ٨ أحرف على الأقل',
    en: 'Password must be at least 8 characters',
  },
  password_min_staff: {
    ar: 'كلمة مرور الموظفين يجب أن تكون ١٢ حرفاً على الأقل',
    en: 'Staff passwords must be at least 12 characters',
  },
  password_is_email: {
    ar: 'لا يمكن أن تكون كلمة المرور هي بريدك الإلكتروني',
    en: 'The password cannot be your e-mail address',
  },
  password_common: {
    ar: 'كلمة المرور هذه شائعة جداً ويسهل تخمينها، يرجى اختيار كلمة أخرى',
    en: 'This password is too common and easy to guess. Please choose another.',
  },
  reset_code_sent: {
    ar: 'إذا كان هناك حساب بهذا البريد فقد أرسلنا إليه رمز إعادة التعيين، وهو صالح لمدة ١٠ دقائق',
    en: 'If an account uses this address, we sent it a reset code. It is valid for 10 minutes.',
  },
  password_reset_done: {
    ar: 'تم تغيير كلمة المرور وتسجيل الخروج من جميع الأجهزة الأخرى، وأنت الآن مسجّل الدخول',
    en: 'Your password was changed and every other device signed out. You are now signed in.',
  },
  payload_too_large: {
    ar: 'حجم الطلب أكبر من المسموح',
    en: 'The request is too large',
  },
  pending_cap_phone: {
    ar: 'لديك ٣ طلبات حجز قيد المراجعة لهذا الرقم، يرجى انتظار الرد عليها أو إلغاء أحدها قبل طلب حجز جديد',
    en: 'This phone number already has 3 booking requests awaiting review. Please wait for an answer or cancel one before asking again.',
  },
  pending_cap_address: {
    ar: 'وصلنا عدد كبير من طلبات الحجز من هذه الشبكة، يرجى المحاولة لاحقاً أو التواصل مع الاستقبال',
    en: 'Too many booking requests are awaiting review from this network. Please try again later or contact the front desk.',
  },
  desk_booking_staff_only: {
    ar: 'الحجز من مكتب الاستقبال متاح للموظفين فقط',
    en: 'Only staff can make desk bookings',
  },
  password_max: {
    ar: 'كلمة المرور طويلة جداً (128 حرفاً كحد أقصى)',
    en: 'Password is too long (128 characters at most)',
  },
  password_required: { ar: 'كلمة المرور مطلوبة', en: 'Password is required' },
  code_length: { ar: 'رمز التحقق يجب أن يكون 6 أرقام', en: 'The verification code must be 6 digits' },
  code_invalid: { ar: 'رمز التحقق غير صحيح', en: 'The verification code is incorrect' },
  code_expired: {
    ar: 'انتهت صلاحية رمز التحقق، اطلب رمزاً جديداً',
    en: 'The verification code has expired. Ask for a new one.',
  },
  code_locked: {
    ar: 'توقف هذا الرمز بعد محاولات خاطئة كثيرة، اطلب رمزاً جديداً',
    en: 'Too many wrong tries: this code no longer works. Ask for a new one.',
  },
  email_taken: { ar: 'هذا البريد الإلكتروني مسجل بالفعل', en: 'This e-mail is already registered' },
  registered: {
    ar: 'تم إنشاء الحساب بنجاح، أرسلنا رمز التحقق إلى بريدك الإلكتروني',
    en: 'Your account was created. We sent a verification code to your e-mail.',
  },
  email_verified: { ar: 'تم تأكيد بريدك الإلكتروني بنجاح', en: 'Your e-mail is confirmed.' },
  already_verified: {
    ar: 'هذا البريد الإلكتروني مؤكد بالفعل، يمكنك تسجيل الدخول',
    en: 'This e-mail is already confirmed. You can log in.',
  },
  code_sent: {
    ar: 'إذا كان الحساب موجوداً فقد أرسلنا رمز تحقق جديداً إلى بريدك الإلكتروني',
    en: 'If the account exists, we sent a new verification code to your e-mail.',
  },
  login_success: { ar: 'تم تسجيل الدخول بنجاح', en: 'Logged in successfully' },
  invalid_credentials: {
    ar: 'البريد الإلكتروني أو كلمة المرور غير صحيحة',
    en: 'Incorrect e-mail or password',
  },
  verify_required: {
    ar: 'يرجى تأكيد بريدك الإلكتروني أولاً، أرسلنا إليك رمز تحقق',
    en: 'Please confirm your e-mail first. We sent you a verification code.',
  },
  account_disabled: {
    ar: 'هذا الحساب معطل، تواصل مع إدارة الفندق',
    en: 'This account is disabled. Contact the hotel.',
  },
  too_many_requests: {
    ar: 'محاولات كثيرة، يرجى المحاولة لاحقاً',
    en: 'Too many attempts. Please try again later.',
  },
  logged_out: {
    ar: 'تم تسجيل الخروج، شكراً لاستخدام خدماتنا',
    en: 'Logged out. Thank you for using our services.',
  },
  not_signed_in: { ar: 'يرجى تسجيل الدخول', en: 'Please log in' },
  forbidden: { ar: 'ليست لديك صلاحية لهذا الإجراء', en: 'You are not allowed to do this' },
  user_not_found: { ar: 'المستخدم غير موجود', en: 'User not found' },
  staff_created: { ar: 'تم إنشاء حساب الموظف', en: 'The staff account was created' },
  staff_disabled: {
    ar: 'تم تعطيل الحساب وإنهاء جلساته',
    en: 'The account was disabled and its sessions ended',
  },
  staff_enabled: { ar: 'تم تفعيل الحساب', en: 'The account was enabled' },
  password_reset: {
    ar: 'تم تغيير كلمة المرور وإنهاء جلسات الحساب',
    en: 'The password was changed and the account signed out everywhere',
  },
  cannot_change_self: {
    ar: 'لا يمكنك تعطيل حسابك أو حساب المدير الرئيسي',
    en: 'You cannot disable your own account or the main admin account',
  },
  invalid_id: { ar: 'المعرّف غير صالح', en: 'Invalid id' },
  invalid_number: { ar: 'الرقم غير صالح', en: 'Invalid number' },
  // Bookings (guest spec section 5)
  full_name_required: { ar: 'الاسم الكامل مطلوب', en: 'Full name is required' },
  name_min: { ar: 'الاسم يجب أن يكون حرفين على الأقل', en: 'Name must be at least 2 characters' },
  phone_required: { ar: 'رقم الهاتف مطلوب', en: 'Phone number is required' },
  phone_invalid: { ar: 'رقم الهاتف غير صالح', en: 'Invalid phone number' },
  id_required: { ar: 'رقم الهوية مطلوب', en: 'ID number is required' },
  id_invalid: { ar: 'رقم الهوية غير صالح', en: 'Invalid ID number' },
  check_in_required: { ar: 'تاريخ الوصول مطلوب', en: 'Check-in date required' },
  check_out_required: { ar: 'تاريخ المغادرة مطلوب', en: 'Check-out date required' },
  check_in_past: { ar: 'لا يمكن أن يكون تاريخ الوصول قبل اليوم', en: 'Check-in cannot be before today' },
  check_out_after_check_in: {
    ar: 'تاريخ المغادرة يجب أن يكون بعد تاريخ الوصول',
    en: 'Check-out date must be after check-in date',
  },
  stay_too_long: { ar: 'أقصى مدة للإقامة 30 ليلة', en: 'A stay can be 30 nights at most' },
  room_type_required: { ar: 'يرجى اختيار نوع الغرفة', en: 'please select room type' },
  bed_type_required: { ar: 'يرجى اختيار نوع السرير', en: 'Please select bed type' },
  smoking_required: { ar: 'يرجى اختيار تفضيل التدخين', en: 'Please select smoking preference' },
  guests_range: { ar: 'عدد الضيوف من 1 إلى 4', en: 'Number of guests must be 1 to 4' },
  room_number_invalid: { ar: 'رقم الغرفة غير صالح', en: 'Invalid room number' },
  no_rooms_available: {
    ar: 'عذراً، لا توجد غرف متاحة للحجز حالياً',
    en: 'Sorry, No Rooms Currently Available for Booking',
  },
  no_beds_available: {
    ar: 'عذراً، لا يتوفر هذا النوع من الأسرّة في هذه التواريخ',
    en: 'Sorry, this bed type is not available for these dates',
  },
  no_smoking_available: {
    ar: 'عذراً، لا يتوفر تفضيل التدخين المختار في هذه التواريخ',
    en: 'Sorry, the chosen smoking preference is not available for these dates',
  },
  booking_created: {
    ar: 'تم إرسال طلب الحجز بنجاح، تُمنح النقاط عند موافقة الإدارة',
    en: 'Your booking request was sent. Points are granted when management approves.',
  },
  booking_not_found: { ar: 'الحجز غير موجود', en: 'Booking not found' },
  invalid_status: { ar: 'حالة الحجز غير صالحة', en: 'Invalid booking status' },
  transition_not_allowed: {
    ar: 'لا يمكن نقل الحجز من حالته الحالية إلى هذه الحالة',
    en: 'The booking cannot move from its current status to this one',
  },
  guest_may_only_cancel_pending: {
    ar: 'يمكنك إلغاء حجزك فقط وهو قيد الانتظار',
    en: 'You can only cancel your own booking while it is pending',
  },
  status_changed: {
    ar: 'تغيرت حالة الحجز للتو، حدّث الصفحة وحاول مرة أخرى',
    en: 'The booking status just changed. Refresh and try again.',
  },
  status_updated: { ar: 'تم تحديث حالة الحجز', en: 'The booking status was updated' },
  completed_with_points: {
    ar: 'تم إتمام الحجز وإضافة {points} نقطة للضيف، تظهر النقاط الجديدة خلال ثانية',
    en: 'Booking completed: {points} points added to the guest. New points appear within one second.',
  },
  insufficient_points: {
    ar: 'عذراً، ليس لديك نقاط كافية لشراء هذه الليلة',
    en: "Sorry, you don't have enough points to buy this night",
  },
  free_night_one_night: {
    ar: 'الليلة المجانية ليلة واحدة: يجب أن يكون تاريخ المغادرة اليوم التالي لتاريخ الوصول',
    en: 'A free night is one night: check-out must be the day after check-in',
  },
  free_night_booked: {
    ar: 'تم حجز ليلتك المجانية بالنقاط وتمت الموافقة عليها',
    en: 'Your free night was booked with points and is approved',
  },
  beneficiary_added: { ar: 'تمت إضافة المستفيد بنجاح!', en: 'Beneficiary added successfully!' },
  beneficiary_updated: { ar: 'تم تحديث بيانات المستفيد', en: 'The beneficiary was updated' },
  beneficiary_not_found: { ar: 'المستفيد غير موجود', en: 'Beneficiary not found' },
  benefit_recorded: { ar: 'تم تسجيل الاستخدام', en: 'The use was recorded' },
  coffee_cooldown: { ar: 'يجب الانتظار 24 ساعة', en: 'Must wait 24 hours' },
  allowance_reached: { ar: 'تم الوصول إلى الحد الأقصى', en: 'Maximum limit reached' },
  card_expired: { ar: 'انتهت صلاحية البطاقة', en: 'The card has expired' },
  card_not_started: { ar: 'لم تبدأ صلاحية البطاقة بعد', en: 'The card is not valid yet' },
  civil_id_invalid: { ar: 'الرقم المدني غير صالح', en: 'Invalid civil ID' },
  card_type_required: { ar: 'يرجى اختيار نوع البطاقة', en: 'Please select a card type' },
  start_date_required: { ar: 'تاريخ البداية مطلوب', en: 'Start date is required' },
  start_date_past: {
    ar: 'لا يمكن أن يكون تاريخ البداية قبل اليوم',
    en: 'The start date cannot be before today',
  },
  invalid_usage: { ar: 'نوع الاستخدام غير صالح', en: 'Invalid usage type' },
  points_forbidden: {
    ar: 'يمكنك الاطلاع على نقاطك فقط',
    en: 'You can only see your own points',
  },
  booking_deleted: { ar: 'تم حذف الطلب', en: 'The request was deleted' },
  inventory_negative: { ar: 'لا يمكن أن يقل العدد عن صفر', en: 'The count cannot be below 0' },
  inventory_above_cap: { ar: 'العدد أعلى من الحد الأقصى', en: 'The count is above the maximum' },
  inventory_not_found: { ar: 'هذا الصنف غير موجود في المخزون', en: 'This inventory row does not exist' },
  inventory_updated: { ar: 'تم تحديث المخزون', en: 'The inventory was updated' },
  // Prize-draw events, uploads and moderation
  invalid_event_type: { ar: 'نوع الفعالية غير صالح', en: 'Invalid event type' },
  event_closed: {
    ar: 'هذه الفعالية غير متاحة حالياً',
    en: 'This event is not open at the moment.',
  },
  already_participated: {
    ar: 'لقد شاركت بالفعل في هذه الفعالية هذا الشهر. يمكنك المشاركة مرة أخرى الشهر القادم.',
    en: 'You have already participated in this event this month. You can participate again next month.',
  },
  images_invalid: { ar: 'الصور المرسلة غير صالحة', en: 'The images sent are not valid' },
  images_too_few: { ar: 'عدد الصور أقل من المطلوب', en: 'Not enough images for this event' },
  images_too_many: { ar: 'عدد الصور أكبر من المسموح (10 كحد أقصى)', en: 'Too many images (10 at most)' },
  images_duplicate: { ar: 'الصورة نفسها مرسلة مرتين', en: 'The same image was sent twice' },
  image_too_large: {
    ar: 'حجم الصورة كبير جداً، يرجى اختيار صورة أصغر من 5 ميغابايت',
    en: 'Please select an image smaller than 5MB',
  },
  image_type_invalid: {
    ar: 'الملف ليس صورة مقبولة (JPEG أو PNG أو WebP أو HEIC)',
    en: 'The file is not an accepted image (JPEG, PNG, WebP or HEIC)',
  },
  upload_id_invalid: { ar: 'معرّف الرفع غير صالح', en: 'Invalid upload id' },
  upload_not_found: {
    ar: 'لم تصل إحدى الصور بعد، يرجى إعادة المحاولة',
    en: 'One of the images has not arrived yet. Please try again.',
  },
  upload_already_used: {
    ar: 'هذه الصورة مستخدمة في مشاركة أخرى',
    en: 'This image already belongs to another entry',
  },
  idempotency_key_invalid: { ar: 'مفتاح الطلب غير صالح', en: 'Invalid Idempotency-Key' },
  idempotency_key_reused: {
    ar: 'استُخدم مفتاح الطلب نفسه لطلب مختلف',
    en: 'This Idempotency-Key was already used for a different request',
  },
  request_in_progress: {
    ar: 'ما زال هذا الطلب قيد المعالجة، يرجى المحاولة بعد قليل',
    en: 'This request is still being processed. Please try again shortly.',
  },
  shares_incomplete: {
    ar: 'يجب إكمال 5 مشاركات للدخول في السحب',
    en: 'Complete all 5 shares to enter the draw',
  },
  notes_too_long: {
    ar: 'الملاحظات طويلة جداً (1000 حرف كحد أقصى)',
    en: 'Notes are too long (1000 characters at most)',
  },
  already_decided: {
    ar: 'تم البت في هذه المشاركة بالفعل',
    en: 'This entry has already been decided',
  },
  invalid_setting: { ar: 'قيمة الإعداد غير صالحة', en: 'Invalid setting value' },
  title_required: { ar: 'العنوان مطلوب', en: 'A title is required' },
  message_required: { ar: 'نص الرسالة مطلوب', en: 'A message is required' },
  // Site settings, offers and maintenance (issue 14)
  maintenance: {
    ar: 'الموقع في صيانة الآن، ولا يمكن استقبال الطلبات مؤقتاً. يرجى المحاولة بعد قليل.',
    en: 'The site is under maintenance and cannot take requests right now. Please try again shortly.',
  },
  settings_saved: { ar: 'تم حفظ إعدادات الموقع', en: 'The site settings were saved' },
  offer_saved: { ar: 'تم حفظ العرض', en: 'The offer was saved' },
  offer_not_found: { ar: 'العرض غير موجود', en: 'This offer does not exist' },
  offer_order_stale: {
    ar: 'تغيّرت قائمة العروض منذ فتحها، يرجى تحديث الصفحة ثم إعادة الترتيب',
    en: 'The list of offers changed since you opened it. Reload the page and reorder again.',
  },
  text_required: { ar: 'هذا الحقل مطلوب', en: 'This field is required' },
  text_too_long: { ar: 'النص أطول من المسموح', en: 'This text is too long' },
  url_invalid: {
    ar: 'الرابط غير صالح (يجب أن يبدأ بـ https://)',
    en: 'Invalid link (it must start with https://)',
  },
  time_invalid: { ar: 'الوقت غير صالح (ساعة:دقيقة، مثل ١٤:٠٠)', en: 'Invalid time (HH:MM, e.g. 14:00)' },
  social_platform_invalid: { ar: 'المنصة غير معروفة', en: 'Unknown platform' },
  social_links_invalid: { ar: 'روابط التواصل غير صالحة', en: 'Invalid social links' },
  boolean_required: { ar: 'القيمة يجب أن تكون نعم أو لا', en: 'The value must be true or false' },
  discount_invalid: {
    ar: 'الخصم نسبة مئوية صحيحة من ٠ إلى ٩٠',
    en: 'The discount is a whole percent from 0 to 90',
  },
  features_invalid: { ar: 'قائمة المزايا غير صالحة', en: 'Invalid list of features' },
  theme_invalid: { ar: 'المظهر غير صالح', en: 'Invalid theme' },
  service_category_invalid: { ar: 'الفئة غير صالحة', en: 'Invalid category' },
  distance_invalid: { ar: 'يجب أن يكون رقماً صحيحاً أو فارغاً', en: 'Must be a whole number or empty' },
  service_saved: { ar: 'تم حفظ الخدمة', en: 'The service was saved' },
  service_not_found: { ar: 'الخدمة غير موجودة', en: 'This service does not exist' },
  valid_to_before_from: {
    ar: 'تاريخ نهاية العرض يجب ألا يسبق تاريخ بدايته',
    en: 'The end of the offer cannot be before its start',
  },
} as const satisfies Record<string, { ar: string; en: string }>;

/** The guest's notification for each status a booking can reach (spec: the booking alerts). */
export const BOOKING_STATUS_NOTICE: Partial<Record<BookingStatus, { en: string; ar: string }>> = {
  approved: { en: 'Booking Approved - Processing', ar: 'تمت الموافقة على الحجز - قيد المعالجة' },
  confirmed: { en: 'Your booking is confirmed', ar: 'تم تأكيد حجزك' },
  completed: { en: 'Your request confirmed', ar: 'تم تأكيد طلبك' },
  cancelled: { en: 'Booking has been cancelled', ar: 'تم إلغاء الحجز' },
};

/** The room tiers' names inside server-made sentences (points reasons). */
export const ROOM_TIER_NAME: Record<'ar' | 'en', Record<RoomType, string>> = {
  ar: { silver: 'الفضية', gold: 'الذهبية', diamond: 'الماسية', deluxe: 'الديلوكس' },
  en: { silver: 'Silver', gold: 'Gold', diamond: 'Diamond', deluxe: 'Deluxe' },
};

export type MessageCode = keyof typeof MESSAGES;

export function isMessageCode(code: string): code is MessageCode {
  return Object.hasOwn(MESSAGES, code);
}

export function translate(code: string, language: 'ar' | 'en'): string {
  return isMessageCode(code) ? MESSAGES[code][language] : code;
}

/** The participant's notification when staff decide an entry (admin spec "Event moderation"). */
export const ENTRY_DECISION_TEXT = {
  photography: {
    approved: {
      title: 'Your photography entry was approved',
      titleAr: 'تم قبول مشاركتك في مسابقة التصوير',
      message: "Congratulations! Your photos are in this month's draw. We will call you if you win.",
      messageAr: 'تهانينا! صورك مشاركة في سحب هذا الشهر، وسنتصل بك إذا فزت.',
    },
    rejected: {
      title: 'Your photography entry was not accepted',
      titleAr: 'لم تُقبل مشاركتك في مسابقة التصوير',
      message: 'Your photography entry was not accepted.',
      messageAr: 'لم تُقبل مشاركتك في مسابقة التصوير.',
    },
  },
  google_review: {
    approved: {
      title: 'Your hotel rating entry was approved',
      titleAr: 'تم قبول مشاركتك في سحب تقييم الفندق',
      message: "Thank you! Your entry is in this month's draw. We will call you if you win.",
      messageAr: 'شكراً لك! مشاركتك في سحب هذا الشهر، وسنتصل بك إذا فزت.',
    },
    rejected: {
      title: 'Your hotel rating entry was not accepted',
      titleAr: 'لم تُقبل مشاركتك في سحب تقييم الفندق',
      message: 'Your hotel rating entry was not accepted.',
      messageAr: 'لم تُقبل مشاركتك في سحب تقييم الفندق.',
    },
  },
} as const;
