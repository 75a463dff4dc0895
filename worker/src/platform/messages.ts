import {
  AUTH_RULES,
  MAX_GUESTS,
  MAX_IMAGE_MEGAPIXELS,
  MAX_STAY_NIGHTS,
  MIN_GUESTS,
  type BookingStatus,
  type RoomType,
} from '../../../shared/src/constants';
import { toArabicIndicDigits } from '../../../shared/src/digits';
import { MAX_IMAGES_PER_ENTRY } from '../../../shared/src/event-schemas';
import { STAY_POLICY_LIMITS } from '../../../shared/src/stay-policy';
import { MAX_AVAILABILITY_NIGHTS } from '../../../shared/src/availability';
import { ONLINE_CHECK_IN_RULES } from '../../../shared/src/online-check-in-schemas';
import { FRONT_DESK_RULES } from '../../../shared/src/front-desk-schemas';

/** A limit in Arabic-Indic digits. The limits come from shared/ (the web says the same numbers). */
const arabic = (n: number) => toArabicIndicDigits(String(n));

/**
 * "n characters" in Arabic, the counted noun agreeing with the number: two is the dual
 * (حرفين), 3-10 the plural (٨ أحرف), 11-99 the accusative singular (١٢ حرفاً), and a
 * round hundred the genitive singular (١٠٠ حرف).
 */
function charactersAr(n: number): string {
  const lastTwo = n % 100;
  if (n === 2) return 'حرفين';
  if (lastTwo >= 3 && lastTwo <= 10) return `${arabic(n)} أحرف`;
  if (lastTwo >= 11) return `${arabic(n)} حرفاً`;
  return `${arabic(n)} حرف`;
}
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
  availability_from_past: {
    ar: 'تاريخ البداية لا يمكن أن يكون قبل اليوم',
    en: 'The start date cannot be before today',
  },
  availability_too_long: {
    ar: `يمكن عرض ${arabic(MAX_AVAILABILITY_NIGHTS)} ليلة على الأكثر في المرة الواحدة`,
    en: `At most ${MAX_AVAILABILITY_NIGHTS} nights can be shown at once`,
  },
  database_unavailable: { ar: 'قاعدة البيانات غير متاحة', en: 'The database is unavailable' },
  // Accounts
  full_name_min: {
    ar: `الاسم يجب أن يكون ${charactersAr(AUTH_RULES.fullNameMin)} على الأقل`,
    en: `Name must be at least ${AUTH_RULES.fullNameMin} characters`,
  },
  full_name_max: {
    ar: `الاسم طويل جداً (${charactersAr(AUTH_RULES.fullNameMax)} كحد أقصى)`,
    en: `Name is too long (${AUTH_RULES.fullNameMax} characters at most)`,
  },
  email_required: { ar: 'البريد الإلكتروني مطلوب', en: 'E-mail is required' },
  email_invalid: { ar: 'البريد الإلكتروني غير صالح', en: 'Invalid email address' },
  password_min: {
    ar: `كلمة المرور يجب أن تكون ${charactersAr(AUTH_RULES.passwordMin)} على الأقل`,
    en: `Password must be at least ${AUTH_RULES.passwordMin} characters`,
  },
  password_min_staff: {
    ar: `كلمة مرور الموظفين يجب أن تكون ${charactersAr(AUTH_RULES.staffPasswordMin)} على الأقل`,
    en: `Staff passwords must be at least ${AUTH_RULES.staffPasswordMin} characters`,
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
    ar: `كلمة المرور طويلة جداً (${charactersAr(AUTH_RULES.passwordMax)} كحد أقصى)`,
    en: `Password is too long (${AUTH_RULES.passwordMax} characters at most)`,
  },
  password_required: { ar: 'كلمة المرور مطلوبة', en: 'Password is required' },
  code_length: {
    ar: `رمز التحقق يجب أن يكون ${arabic(AUTH_RULES.codeLength)} أرقام`,
    en: `The verification code must be ${AUTH_RULES.codeLength} digits`,
  },
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
  // The same words whether the password is wrong or the address is not verified yet (issue 28
  // item 20): a login never tells which addresses have accounts.
  invalid_credentials: {
    ar: 'البريد الإلكتروني أو كلمة المرور غير صحيحة، أو لم يُؤكَّد البريد الإلكتروني بعد. إن كان ينتظر التأكيد فقد أرسلنا إليه رمزاً جديداً',
    en: 'The e-mail or password is wrong, or the e-mail is not verified yet. If it is waiting to be verified, we have sent it a new code.',
  },
  verify_required: {
    ar: 'يرجى تأكيد بريدك الإلكتروني أولاً، أرسلنا إليك رمز تحقق',
    en: 'Please confirm your e-mail first. We sent you a verification code.',
  },
  account_disabled: {
    ar: 'هذا الحساب معطل، تواصل مع إدارة الفندق',
    en: 'This account is disabled. Contact the hotel.',
  },
  // The assistant and its Q&A (issue 12)
  chat_message_required: { ar: 'اكتب رسالتك أولاً', en: 'Type a message first' },
  chat_message_too_long: {
    ar: 'الرسالة طويلة جداً (٢٠٠٠ حرف كحد أقصى)',
    en: 'The message is too long (2,000 characters at most)',
  },
  chat_session_invalid: { ar: 'معرّف المحادثة غير صالح', en: 'Invalid conversation id' },
  chat_throttled: {
    ar: 'رسائل كثيرة في وقت قصير، يرجى الانتظار قليلاً ثم المحاولة مرة أخرى',
    en: 'Too many messages in a short time. Please wait a moment and try again.',
  },
  qa_question_required: { ar: 'السؤال مطلوب', en: 'The question is required' },
  qa_answer_required: { ar: 'الإجابة مطلوبة', en: 'The answer is required' },
  qa_too_long: { ar: 'النص أطول من المسموح', en: 'The text is too long' },
  qa_not_found: { ar: 'السؤال غير موجود', en: 'Question not found' },
  qa_saved: { ar: 'تم حفظ السؤال والإجابة', en: 'Question and answer saved' },
  qa_deleted: { ar: 'تم حذف السؤال', en: 'Question deleted' },
  conversation_not_found: {
    ar: 'لا توجد محادثة مع المساعد لهذا الحجز',
    en: 'There is no assistant conversation for this booking',
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
  name_min: {
    ar: `الاسم يجب أن يكون ${charactersAr(AUTH_RULES.fullNameMin)} على الأقل`,
    en: `Name must be at least ${AUTH_RULES.fullNameMin} characters`,
  },
  phone_required: { ar: 'رقم الهاتف مطلوب', en: 'Phone number is required' },
  phone_invalid: { ar: 'رقم الهاتف غير صالح', en: 'Invalid phone number' },
  id_required: { ar: 'رقم الهوية مطلوب', en: 'ID number is required' },
  id_invalid: { ar: 'رقم الهوية غير صالح', en: 'Invalid ID number' },
  check_in_required: { ar: 'تاريخ الوصول مطلوب', en: 'Check-in date required' },
  check_out_required: { ar: 'تاريخ المغادرة مطلوب', en: 'Check-out date required' },
  check_in_past: { ar: 'لا يمكن أن يكون تاريخ الوصول قبل اليوم', en: 'Check-in cannot be before today' },
  booking_reference_invalid: {
    ar: 'رقم الحجز غير صالح: هو ٧ أحرف وأرقام',
    en: 'Invalid booking reference: it is 7 letters and digits',
  },
  check_out_after_check_in: {
    ar: 'تاريخ المغادرة يجب أن يكون بعد تاريخ الوصول',
    en: 'Check-out date must be after check-in date',
  },
  stay_too_long: {
    ar: `أقصى مدة للإقامة ${arabic(MAX_STAY_NIGHTS)} ليلة`,
    en: `A stay can be ${MAX_STAY_NIGHTS} nights at most`,
  },
  room_type_required: { ar: 'يرجى اختيار نوع الغرفة', en: 'please select room type' },
  bed_type_required: { ar: 'يرجى اختيار نوع السرير', en: 'Please select bed type' },
  smoking_required: { ar: 'يرجى اختيار تفضيل التدخين', en: 'Please select smoking preference' },
  guests_range: {
    ar: `عدد الضيوف من ${arabic(MIN_GUESTS)} إلى ${arabic(MAX_GUESTS)}`,
    en: `Number of guests must be ${MIN_GUESTS} to ${MAX_GUESTS}`,
  },
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
    ar: 'تم إرسال طلب الحجز بنجاح. تُضاف نقاط الولاء إلى حسابك عند إتمام الإقامة',
    en: 'Your booking request was sent. Loyalty points are added to your account when the stay is completed.',
  },
  booking_not_found: { ar: 'الحجز غير موجود', en: 'Booking not found' },
  // Manage my booking without an account (issue 30 section 3)
  booking_reference_required: { ar: 'رقم الحجز مطلوب', en: 'The booking reference is required' },
  booking_lookup_failed: {
    ar: 'لم نجد حجزاً بهذا الرقم ورقم الهاتف',
    en: 'We found no booking with this reference and phone number',
  },
  too_many_lookups: {
    ar: 'محاولات كثيرة للبحث عن حجز، يرجى الانتظار ثم المحاولة مجدداً',
    en: 'Too many tries to find a booking. Please wait, then try again.',
  },
  booking_link_invalid: {
    ar: 'رابط الحجز غير صالح. ابحث عن حجزك برقمه ورقم الهاتف',
    en: 'This booking link is not valid. Find your booking with its reference and phone number.',
  },
  booking_link_expired: {
    ar: 'انتهت صلاحية رابط الحجز (يعمل حتى يوم المغادرة). ابحث عن حجزك برقمه ورقم الهاتف',
    en: 'This booking link has expired (it works until the check-out day). Find your booking with its reference and phone number.',
  },
  notification_not_found: { ar: 'الإشعار غير موجود', en: 'Notification not found' },
  // Online check-in (issue 30 section 5, modules/bookings/online-check-in.ts).
  arrival_time_invalid: {
    ar: 'اكتب وقت الوصول بصيغة ساعة:دقيقة، مثل ١٤:٣٠',
    en: 'Enter the arrival time as hours:minutes, e.g. 14:30',
  },
  check_in_adults_range: {
    ar: `عدد البالغين من ١ إلى ${arabic(MAX_GUESTS)}`,
    en: `Adults: 1 to ${MAX_GUESTS}`,
  },
  check_in_children_range: {
    ar: `عدد الأطفال من ٠ إلى ${arabic(MAX_GUESTS - 1)}`,
    en: `Children: 0 to ${MAX_GUESTS - 1}`,
  },
  check_in_guests_over_room: {
    ar: `تتسع الغرفة لـ${arabic(MAX_GUESTS)} ضيوف كحد أقصى`,
    en: `A room takes ${MAX_GUESTS} guests at most`,
  },
  check_in_guests_over_booking: {
    ar: 'عدد البالغين والأطفال أكبر من عدد الضيوف في الحجز. لإضافة ضيوف عدّل الحجز أو اتصل بالفندق',
    en: 'Adults and children are more than the guests of the booking. To add guests, change the booking or call the hotel.',
  },
  check_in_requests_too_long: {
    ar: `الطلبات الخاصة ${charactersAr(ONLINE_CHECK_IN_RULES.requestsMax)} كحد أقصى`,
    en: `Special requests: ${ONLINE_CHECK_IN_RULES.requestsMax} characters at most`,
  },
  check_in_terms_required: {
    ar: 'يجب الموافقة على شروط الفندق لإتمام تسجيل الوصول',
    en: "Please accept the hotel's terms to check in",
  },
  online_check_in_not_open: {
    ar: 'لم يُفتح تسجيل الوصول عبر الإنترنت لهذا الحجز بعد',
    en: 'Online check-in for this booking is not open yet',
  },
  online_check_in_closed: {
    ar: 'انتهت مدة تسجيل الوصول عبر الإنترنت لهذا الحجز، يرجى التوجه إلى الاستقبال',
    en: 'Online check-in for this booking has closed. Please check in at the front desk.',
  },
  online_check_in_status: {
    ar: 'تسجيل الوصول عبر الإنترنت متاح للحجوزات المقبولة أو المؤكدة فقط',
    en: 'Online check-in is open to approved or confirmed bookings only',
  },
  online_check_in_busy: {
    ar: 'تغيّر الحجز أثناء الرفع، يرجى المحاولة مرة أخرى',
    en: 'The booking changed during the upload. Please try again.',
  },
  id_document_required: {
    ar: 'أرفق صورة الهوية أو جواز السفر أولاً',
    en: 'Please add a photo of your ID or passport first',
  },
  id_document_not_found: { ar: 'لا توجد صورة هوية لهذا الحجز', en: 'There is no ID photo for this booking' },
  id_document_saved: { ar: 'تم حفظ صورة الهوية', en: 'ID photo saved' },
  online_check_in_saved: {
    ar: 'تم تسجيل وصولك عبر الإنترنت',
    en: 'You have checked in online',
  },
  invalid_status: { ar: 'حالة الحجز غير صالحة', en: 'Invalid booking status' },
  invalid_limit: { ar: 'عدد الحجوزات في الصفحة بين ١ و٥٠٠', en: 'A page holds 1 to 500 bookings' },
  invalid_cursor: { ar: 'موضع الصفحة غير صالح', en: 'Invalid page position' },
  transition_not_allowed: {
    ar: 'لا يمكن نقل الحجز من حالته الحالية إلى هذه الحالة',
    en: 'The booking cannot move from its current status to this one',
  },
  guest_may_only_cancel: {
    ar: 'يمكنك إلغاء حجزك فقط، ولا يغيّر حالته غير الفندق',
    en: 'You can only cancel your own booking; the hotel changes its status otherwise',
  },
  cancellation_deadline_passed: {
    ar: 'انتهت مهلة الإلغاء أو التعديل المجاني لهذا الحجز. يرجى الاتصال بالفندق',
    en: 'The deadline to cancel or change this booking free of charge has passed. Please call the hotel',
  },
  booking_not_manageable: {
    ar: 'لم يعد بالإمكان إلغاء هذا الحجز أو تعديله في حالته الحالية',
    en: 'This booking can no longer be cancelled or changed in its current status',
  },
  points_booking_unchangeable: {
    ar: 'لا يمكن تعديل ليلة مجانية محجوزة بالنقاط: ألغها (تعود إليك النقاط) واحجز من جديد',
    en: 'A free night booked with points cannot be changed: cancel it (your points come back) and book again',
  },
  booking_changed: {
    ar: 'تغيّر الحجز للتو، حدّث الصفحة وحاول مرة أخرى',
    en: 'The booking just changed. Refresh and try again.',
  },
  booking_change_saved: {
    ar: 'تم إرسال التعديل، والحجز بانتظار موافقة الفندق',
    en: 'Your change was sent; the booking is waiting for the hotel to approve it',
  },
  booking_cancelled_by_guest: { ar: 'تم إلغاء الحجز', en: 'The booking was cancelled' },
  no_change: { ar: 'لم يتغير شيء في الحجز', en: 'Nothing in the booking changes' },
  unknown_field: { ar: 'حقل غير معروف', en: 'Unknown field' },
  cancellation_hours_invalid: {
    ar: `عدد صحيح من الساعات من ٠ إلى ${arabic(STAY_POLICY_LIMITS.freeCancellationHoursMax)}`,
    en: `A whole number of hours from 0 to ${STAY_POLICY_LIMITS.freeCancellationHoursMax}`,
  },
  check_in_hours_invalid: {
    ar: `عدد صحيح من الساعات من ١ إلى ${arabic(STAY_POLICY_LIMITS.onlineCheckInHoursMax)}`,
    en: `A whole number of hours from 1 to ${STAY_POLICY_LIMITS.onlineCheckInHoursMax}`,
  },
  retention_days_invalid: {
    ar: `عدد صحيح من الأيام من ${arabic(STAY_POLICY_LIMITS.idRetentionDaysMin)} إلى ${arabic(STAY_POLICY_LIMITS.idRetentionDaysMax)}`,
    en: `A whole number of days from ${STAY_POLICY_LIMITS.idRetentionDaysMin} to ${STAY_POLICY_LIMITS.idRetentionDaysMax}`,
  },
  status_changed: {
    ar: 'تغيرت حالة الحجز للتو، حدّث الصفحة وحاول مرة أخرى',
    en: 'The booking status just changed. Refresh and try again.',
  },
  status_updated: { ar: 'تم تحديث حالة الحجز', en: 'The booking status was updated' },
  completed_with_points: {
    ar: 'تم إتمام الحجز وإضافة {points} للضيف، تظهر النقاط الجديدة خلال ثانية',
    en: 'Booking completed: {points} added to the guest. New points appear within one second.',
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
  coffee_cooldown: { ar: 'يجب الانتظار ٢٤ ساعة', en: 'Must wait 24 hours' },
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
  phone_unverified: {
    ar: 'يرجى تأكيد رقم هاتفك برمز التحقق قبل المشاركة في السحب',
    en: 'Please verify your phone number with a code before entering the draw.',
  },
  phone_code_sent: {
    ar: 'أرسلنا رمز التحقق إلى هاتفك',
    en: 'We sent a verification code to your phone.',
  },
  phone_verified: { ar: 'تم تأكيد رقم الهاتف', en: 'Your phone number is verified.' },
  phone_send_failed: {
    ar: 'تعذر إرسال الرمز إلى هاتفك الآن، يرجى المحاولة بعد قليل',
    en: 'The code could not be sent to your phone right now. Please try again shortly.',
  },
  already_participated: {
    ar: 'لقد شاركت بالفعل في هذه الفعالية هذا الشهر. يمكنك المشاركة مرة أخرى الشهر القادم.',
    en: 'You have already participated in this event this month. You can participate again next month.',
  },
  images_invalid: { ar: 'الصور المرسلة غير صالحة', en: 'The images sent are not valid' },
  images_too_few: { ar: 'عدد الصور أقل من المطلوب', en: 'Not enough images for this event' },
  images_too_many: {
    ar: `عدد الصور أكبر من المسموح (${arabic(MAX_IMAGES_PER_ENTRY)} كحد أقصى)`,
    en: `Too many images (${MAX_IMAGES_PER_ENTRY} at most)`,
  },
  images_duplicate: { ar: 'الصورة نفسها مرسلة مرتين', en: 'The same image was sent twice' },
  image_too_large: {
    ar: 'حجم الصورة كبير جداً، يرجى اختيار صورة أصغر من ٥ ميغابايت',
    en: 'Please select an image smaller than 5MB',
  },
  image_pixels_too_many: {
    ar: `أبعاد الصورة كبيرة جداً (${arabic(MAX_IMAGE_MEGAPIXELS)} ميغابكسل كحد أقصى)، يرجى اختيار صورة أصغر`,
    en: `The image is too large in pixels (${MAX_IMAGE_MEGAPIXELS} megapixels at most). Please choose a smaller image.`,
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
  session_user_changed: {
    ar: 'هذا الطلب محفوظ لحساب آخر، سجّل الدخول بذلك الحساب لإرساله',
    en: 'This request belongs to another account. Sign in with that account to send it.',
  },
  request_in_progress: {
    ar: 'ما زال هذا الطلب قيد المعالجة، يرجى المحاولة بعد قليل',
    en: 'This request is still being processed. Please try again shortly.',
  },
  shares_incomplete: {
    ar: 'يجب إكمال ٥ مشاركات للدخول في السحب',
    en: 'Complete all 5 shares to enter the draw',
  },
  notes_too_long: {
    ar: 'الملاحظات طويلة جداً (١٠٠٠ حرف كحد أقصى)',
    en: 'Notes are too long (1000 characters at most)',
  },
  already_decided: {
    ar: 'تم البت في هذه المشاركة بالفعل',
    en: 'This entry has already been decided',
  },
  invalid_setting: { ar: 'قيمة الإعداد غير صالحة', en: 'Invalid setting value' },
  title_required: { ar: 'العنوان مطلوب', en: 'A title is required' },
  message_required: { ar: 'نص الرسالة مطلوب', en: 'A message is required' },
  // Statistics (admin spec sections 5 and 8)
  stats_password_required: {
    ar: 'يرجى إدخال كلمة مرور الإحصائيات',
    en: 'Please enter the statistics password',
  },
  stats_password_wrong: { ar: 'كلمة المرور غير صحيحة', en: 'Wrong password' },
  // A guest's own data (issue 30 section 6, modules/privacy/account-data.ts)
  erase_password_wrong: {
    ar: 'كلمة المرور غير صحيحة، لم يُحذف الحساب',
    en: 'Wrong password. The account was not deleted.',
  },
  erase_email_wrong: {
    ar: 'البريد الإلكتروني لا يطابق بريد حسابك، لم يُحذف الحساب',
    en: "That is not your account's e-mail. The account was not deleted.",
  },
  erase_staff_account: {
    ar: 'حسابات الموظفين والمديرين لا تُحذف من هنا، يعطّلها مدير الفندق',
    en: "Staff and admin accounts are not deleted here; the hotel's admin disables them.",
  },
  erase_live_bookings: {
    ar: 'لديك حجز قائم، ألغِ الطلب أو تواصل مع الفندق أولاً ثم احذف الحساب',
    en: 'You have a booking that is still open. Cancel the request or contact the hotel first, then delete the account.',
  },
  account_erased: {
    ar: 'حُذف حسابك، واحتفظ الفندق بحجوزاتك ونقاطك دون اسمك أو بياناتك',
    en: 'Your account is deleted. The hotel keeps your bookings and points without your name or details.',
  },
  stats_access_granted: { ar: 'تم منح الوصول إلى الإحصائيات', en: 'Access to the statistics granted' },
  stats_step_up_required: {
    ar: 'أدخل كلمة مرور الإحصائيات أولاً (تنتهي صلاحية الدخول بعد ٣٠ دقيقة)',
    en: 'Enter the statistics password first (access lasts 30 minutes)',
  },
  stats_not_configured: {
    ar: 'لم يتم ضبط كلمة مرور الإحصائيات على الخادم',
    en: 'The statistics password is not set on the server',
  },
  range_end_before_start: {
    ar: 'نهاية الفترة يجب ألا تسبق بدايتها',
    en: 'The end of the range cannot be before its start',
  },
  range_too_long: { ar: 'الفترة لا تتجاوز سنة واحدة', en: 'The range can cover one year at most' },
  // Reviews and nearby services
  service_type_restaurant: { ar: 'المطاعم', en: 'Restaurants' },
  service_type_spa: { ar: 'المساج والسبا', en: 'Massage & Spa' },
  review_rating_required: {
    ar: 'يرجى اختيار تقييم من نجمة إلى خمس نجوم',
    en: 'Please choose a rating from 1 to 5 stars',
  },
  review_comment_required: { ar: 'يرجى كتابة تعليقك', en: 'Please write your comment' },
  review_comment_too_long: {
    ar: 'التعليق طويل جداً (٢٠٠٠ حرف كحد أقصى)',
    en: 'The comment is too long (2000 characters at most)',
  },
  review_part_too_long: {
    ar: 'النص طويل جداً (١٠٠٠ حرف كحد أقصى)',
    en: 'This text is too long (1000 characters at most)',
  },
  review_name_too_long: {
    ar: 'الاسم طويل جداً (٦٠ حرفاً كحد أقصى)',
    en: 'The name is too long (60 characters at most)',
  },
  review_text_invalid: { ar: 'النص غير صالح', en: 'This text is not valid' },
  review_throttled: {
    ar: 'أرسلت عدداً كبيراً من التقييمات، يرجى المحاولة لاحقاً',
    en: 'You have sent many reviews. Please try again later.',
  },
  review_changed: {
    ar: 'غيّر موظف آخر حالة هذا التقييم للتو، حدّث القائمة وحاول مرة أخرى',
    en: 'Another staff member just changed this review. Refresh the list and try again.',
  },
  device_id_invalid: { ar: 'معرّف الجهاز غير صالح', en: 'Invalid device id' },
  // Web Push (issue 29 section 2; modules/messaging/push-subscriptions.ts).
  push_unavailable: {
    ar: 'الإشعارات غير متاحة حالياً',
    en: 'Notifications are not available right now',
  },
  push_endpoint_invalid: {
    ar: 'عنوان الاشتراك ليس من خدمات الإشعارات المعروفة',
    en: 'The subscription address is not one of the known push services',
  },
  push_key_invalid: { ar: 'مفتاح الاشتراك غير صالح', en: 'The subscription key is not valid' },
  push_auth_invalid: { ar: 'رمز مصادقة الاشتراك غير صالح', en: 'The subscription secret is not valid' },
  push_endpoint_taken: {
    ar: 'هذا الاشتراك مسجّل لجهاز آخر',
    en: 'This subscription is registered to another device',
  },
  push_subscribed: { ar: 'تم تفعيل الإشعارات على هذا الجهاز', en: 'Notifications are on for this device' },
  push_unsubscribed: { ar: 'تم إيقاف الإشعارات على هذا الجهاز', en: 'Notifications are off for this device' },
  invalid_decision: { ar: 'القرار غير صالح', en: 'Invalid decision' },
  invalid_service_type: {
    ar: 'نوع الخدمة غير صالح (مطعم أو سبا)',
    en: 'Invalid service type (restaurant or spa)',
  },
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
  // Photos (issue 14, modules/catalog/routes/admin/media.ts)
  media_owner_invalid: {
    ar: 'صاحب الصور غير صالح (فئة غرفة أو عرض أو خدمة)',
    en: 'Invalid photo owner (a room tier, an offer or a service)',
  },
  media_owner_not_found: {
    ar: 'الغرفة أو العرض أو الخدمة غير موجودة',
    en: 'This room tier, offer or service does not exist',
  },
  media_size_invalid: {
    ar: 'أبعاد الصورة غير صالحة',
    en: 'Invalid photo dimensions',
  },
  media_files_missing: {
    ar: 'لم تصل الصورة: أرسل مقاساً واحداً منها على الأقل، ثم حاول مرة أخرى',
    en: 'No photo arrived: send at least one size of it, then try again',
  },
  media_type_invalid: {
    ar: 'الملف ليس صورة مقبولة (WebP أو AVIF أو JPEG)',
    en: 'The file is not an accepted photo (WebP, AVIF or JPEG)',
  },
  media_types_mixed: {
    ar: 'مقاسات الصورة الواحدة يجب أن تكون بالصيغة نفسها',
    en: 'All widths of one photo must be in the same format',
  },
  media_variant_too_large: {
    ar: 'حجم الصورة كبير جداً (٥ ميغابايت كحد أقصى لكل مقاس)',
    en: 'The photo is too large (5 MB at most per width)',
  },
  media_avif_invalid: {
    ar: 'نسخة AVIF من الصورة ليست ملف AVIF صالحاً',
    en: 'The AVIF copy of the photo is not an AVIF file',
  },
  media_placeholder_invalid: {
    ar: 'المعاينة المصغرة للصورة غير صالحة (صورة WebP أو JPEG أو PNG صغيرة جداً)',
    en: "The photo's tiny preview is invalid (a very small WebP, JPEG or PNG)",
  },
  hero_media_invalid: {
    ar: 'صورة الواجهة المختارة غير موجودة، اختر صورة من صور الواجهة',
    en: 'The chosen hero photo does not exist; choose one of the hero photos',
  },
  media_too_many: {
    ar: 'وصلت إلى الحد الأقصى (١٢ صورة)، احذف صورة قبل إضافة أخرى',
    en: 'This already has the most photos allowed (12). Delete one before adding another.',
  },
  media_not_found: { ar: 'الصورة غير موجودة', en: 'This photo does not exist' },
  media_order_stale: {
    ar: 'تغيّرت الصور منذ فتحها، يرجى تحديث الصفحة ثم إعادة الترتيب',
    en: 'The photos changed since you opened them. Reload and reorder again.',
  },
  media_uploaded: { ar: 'تم رفع الصورة', en: 'The photo was uploaded' },
  media_saved: { ar: 'تم حفظ الصورة', en: 'The photo was saved' },
  media_deleted: { ar: 'تم حذف الصورة', en: 'The photo was deleted' },
  valid_to_before_from: {
    ar: 'تاريخ نهاية العرض يجب ألا يسبق تاريخ بدايته',
    en: 'The end of the offer cannot be before its start',
  },
  // Issue 31: the front desk and housekeeping (shared/src/front-desk-schemas.ts and the desk's rules).
  room_number_required: { ar: 'رقم الغرفة مطلوب', en: 'Room number required' },
  room_number_too_long: {
    ar: `رقم الغرفة ${charactersAr(FRONT_DESK_RULES.roomNumberMax)} كحد أقصى`,
    en: `Room number: ${FRONT_DESK_RULES.roomNumberMax} characters at most`,
  },
  room_number_taken: { ar: 'يوجد غرفة أخرى بهذا الرقم', en: 'Another room has this number' },
  invalid_room_status: { ar: 'حالة الغرفة غير صالحة', en: 'Invalid room status' },
  invalid_floor: {
    ar: `الطابق رقم بين ٠ و${arabic(FRONT_DESK_RULES.floorMax)}`,
    en: `The floor is a number from 0 to ${FRONT_DESK_RULES.floorMax}`,
  },
  room_notes_too_long: {
    ar: `الملاحظات ${charactersAr(FRONT_DESK_RULES.notesMax)} كحد أقصى`,
    en: `Notes: ${FRONT_DESK_RULES.notesMax} characters at most`,
  },
  reason_too_long: {
    ar: `السبب ${charactersAr(FRONT_DESK_RULES.reasonMax)} كحد أقصى`,
    en: `Reason: ${FRONT_DESK_RULES.reasonMax} characters at most`,
  },
  out_of_order_dates_required: {
    ar: 'حدد تاريخ البداية والنهاية لفترة خروج الغرفة من الخدمة',
    en: 'Give both the first day and the end of the out-of-order period',
  },
  out_of_order_reason_required: {
    ar: 'اكتب سبب خروج الغرفة من الخدمة',
    en: 'Give the reason the room is out of order',
  },
  out_of_order_below_held: {
    ar: 'لا يمكن إخراج الغرفة من الخدمة في هذه الليالي: كل غرف هذا النوع محجوزة',
    en: 'The room cannot go out of order on these nights: every room of its type is booked',
  },
  room_not_found: { ar: 'الغرفة غير موجودة', en: 'Room not found' },
  room_saved: { ar: 'تم حفظ الغرفة', en: 'The room was saved' },
  room_added: { ar: 'تمت إضافة الغرفة', en: 'The room was added' },
  room_retired: {
    ar: 'تم إيقاف الغرفة ورقمها متاح لغرفة أخرى',
    en: 'The room was retired; its number is free again',
  },
  room_has_stays: {
    ar: 'لا يمكن إيقاف الغرفة: إقامة مسندة إليها من الليلة فما بعد',
    en: 'The room cannot be retired: a stay is assigned to it from tonight on',
  },
  out_of_order_not_found: {
    ar: 'فترة خروج الغرفة من الخدمة غير موجودة أو انتهت',
    en: 'That out-of-order period does not exist or has ended',
  },
  out_of_order_too_long: {
    ar: `فترة خروج الغرفة من الخدمة ${arabic(FRONT_DESK_RULES.outOfOrderMaxNights)} ليلة كحد أقصى`,
    en: `An out-of-order period is ${FRONT_DESK_RULES.outOfOrderMaxNights} nights at most`,
  },
  inventory_below_held: {
    ar: 'لا يمكن خفض عدد الغرف إلى أقل من الحجوزات والغرف الخارجة من الخدمة في إحدى الليالي القادمة',
    en: 'The count cannot go below the bookings held plus the rooms out of order on a coming night',
  },
  numbered_room_taken: {
    ar: 'هذه الغرفة غير متاحة طوال مدة إقامتك، اختر غرفة أخرى',
    en: 'That room is not free for your whole stay; please choose another',
  },
  invalid_room: { ar: 'الغرفة غير صالحة', en: 'Invalid room' },
  room_taken: {
    ar: 'الغرفة مشغولة في بعض ليالي هذه الإقامة',
    en: 'The room is taken on some nights of this stay',
  },
  room_assign_status: {
    ar: 'تُخصص الغرف للحجوزات المقبولة أو المؤكدة التي لم تغادر بعد',
    en: 'Rooms are assigned to approved or confirmed stays that have not checked out',
  },
  room_type_mismatch: {
    ar: 'الغرفة من نوع آخر غير المحجوز؛ اختر الترقية لتخصيصها',
    en: 'The room is of another type than the one booked; choose upgrade to give it',
  },
  room_out_of_order: { ar: 'الغرفة خارج الخدمة', en: 'The room is out of order' },
  upgrade_type_full: {
    ar: 'لا توجد غرفة متاحة من هذا النوع للترقية في بعض ليالي الإقامة',
    en: 'That type has no room left for an upgrade on some nights of the stay',
  },
  booked_type_full: {
    ar: 'النوع المحجوز ممتلئ الآن؛ انقل الإقامة إلى غرفة أخرى بدلاً من إلغاء تخصيصها',
    en: 'The booked type is full now: move the stay to another room instead of removing its room',
  },
  room_assigned: { ar: 'تم تخصيص الغرفة', en: 'Room assigned' },
  rooms_assigned: { ar: 'تم تخصيص الغرف', en: 'Rooms assigned' },
  duplicate_booking: {
    ar: 'الحجز مذكور أكثر من مرة في القائمة',
    en: 'A booking is listed more than once',
  },
  room_unassigned: { ar: 'تم إلغاء تخصيص الغرفة', en: 'Room removed from the stay' },
  stay_request_note_too_long: {
    ar: `الملاحظة ${charactersAr(FRONT_DESK_RULES.stayRequestNoteMax)} كحد أقصى`,
    en: `Note: ${FRONT_DESK_RULES.stayRequestNoteMax} characters at most`,
  },
  stay_request_note_required: { ar: 'اكتب ما تحتاجه', en: 'Please say what you need' },
  invalid_stay_request_type: { ar: 'نوع الطلب غير صالح', en: 'Invalid request type' },
  invalid_stay_request_status: { ar: 'حالة الطلب غير صالحة', en: 'Invalid request status' },
  not_in_house: {
    ar: 'الطلبات متاحة أثناء الإقامة فقط، بعد تسجيل الوصول وقبل المغادرة',
    en: 'Requests are open during your stay only, after check-in and before check-out',
  },
  stay_request_sent: { ar: 'وصل طلبك إلى الفندق', en: 'Your request has reached the hotel' },
  stay_request_not_found: { ar: 'الطلب غير موجود', en: 'Request not found' },
  stay_request_closed: {
    ar: 'أُغلق هذا الطلب (تم أو رُفض)',
    en: 'This request is closed (done or declined)',
  },
  stay_request_changed: {
    ar: 'تغيرت حالة الطلب للتو، حدّث القائمة وحاول مرة أخرى',
    en: 'The request just changed. Refresh the list and try again.',
  },
  too_many_stay_requests: {
    ar: `لديك ${arabic(FRONT_DESK_RULES.openStayRequestsMax)} طلبًا مفتوحًا، انتظر حتى يُنجز بعضها أو اتصل بالاستقبال`,
    en: `You have ${FRONT_DESK_RULES.openStayRequestsMax} open requests: wait for some to be done, or call the front desk`,
  },
  // The desk (issue 31 section 4).
  already_checked_in: {
    ar: 'تم تسجيل وصول هذا الحجز من قبل',
    en: 'This booking is already checked in',
  },
  check_in_status: {
    ar: 'يمكن تسجيل الوصول للحجوزات المقبولة أو المؤكدة فقط',
    en: 'Only approved or confirmed bookings can be checked in',
  },
  check_in_too_early: {
    ar: 'لا يمكن تسجيل الوصول قبل يوم الوصول',
    en: 'Check-in is not possible before the arrival day',
  },
  check_in_too_late: {
    ar: 'انتهى يوم المغادرة لهذا الحجز، فلا يمكن تسجيل وصوله',
    en: "This booking's check-out day is over: it can no longer be checked in",
  },
  room_not_assigned: {
    ar: 'خصّص غرفة لهذا الحجز قبل تسجيل الوصول',
    en: 'Assign a room to this booking before checking it in',
  },
  room_not_clean: {
    ar: 'الغرفة ليست نظيفة أو مفحوصة بعد: أكّد لتسجيل الوصول على أي حال',
    en: 'The room is not clean or inspected yet: confirm to check in anyway',
  },
  check_in_changed: {
    ar: 'تغيّر الحجز أو الغرفة للتو، حدّث الصفحة وحاول مرة أخرى',
    en: 'The booking or its room has just changed: refresh and try again',
  },
  already_checked_out: {
    ar: 'تم تسجيل مغادرة هذا الحجز من قبل',
    en: 'This booking is already checked out',
  },
  not_checked_in: {
    ar: 'لم يُسجَّل وصول هذا الحجز بعد',
    en: 'This booking is not checked in',
  },
  no_show_too_early: {
    ar: 'يمكن تسجيل عدم الحضور بعد انتهاء يوم الوصول فقط',
    en: 'A no-show can be recorded only after the arrival day has ended',
  },
  no_show_checked_in: {
    ar: 'تم تسجيل وصول الضيف، فلا يمكن تسجيله كعدم حضور',
    en: 'The guest has checked in: this cannot be a no-show',
  },
  checked_in_done: {
    ar: 'تم تسجيل الوصول',
    en: 'Checked in',
  },
  checked_out_done: {
    ar: 'تم تسجيل المغادرة',
    en: 'Checked out',
  },
  no_show_done: {
    ar: 'سُجّل عدم الحضور وأُلغي الحجز',
    en: 'Recorded as a no-show: the booking is cancelled',
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

/**
 * The assistant's own sentences (issue 12), `{name}` filled by `fillText`. Numbers in
 * the Arabic ones are filled in Arabic-Indic digits by the caller (modules/assistant/assistant.ts);
 * phone and ID numbers are isolated left-to-right.
 */
export const ASSISTANT_TEXT = {
  greeting: {
    ar: 'أهلاً وسهلاً بك! أنا المساعد الذكي للفندق.',
    en: 'Welcome! I am the hotel assistant.',
  },
  capabilities: {
    ar: 'يمكنني مساعدتك في:\n• حجز غرفة خطوة بخطوة (اكتب: أريد حجز غرفة)\n• أسعار الغرف والعروض الحالية\n• التوفر لتواريخ معينة\n• الخدمات القريبة\n• بطاقات VIP ونقاط الولاء والفعاليات\n• أسئلة شائعة مثل مواعيد الإفطار والدخول والمغادرة والمواقف والواي فاي',
    en: 'I can help you with:\n• Booking a room step by step (type: I want to book a room)\n• Room prices and current offers\n• Availability for your dates\n• Nearby services\n• VIP cards, loyalty points and events\n• Common questions such as breakfast, check-in and check-out times, parking and Wi-Fi',
  },
  not_understood: {
    ar: 'لم أجد إجابة دقيقة لسؤالك، ولا أريد أن أخمّن.',
    en: 'I could not find an exact answer to that, and I would rather not guess.',
  },
  room_price_line: {
    ar: '• الغرفة {room}: {price} ر.ع. لليلة (بدلاً من {original})، حتى {guests}',
    en: '• {room} room: {price} OMR a night (instead of {original}), up to {guests}',
  },
  prices_intro: { ar: 'أسعار الغرف لليلة الواحدة:', en: 'Room prices per night:' },
  surcharge_note: {
    ar: 'لضيف ثالث تضاف {three} ر.ع. لليلة، ولضيف رابع {four} ر.ع. لليلة.',
    en: 'A third guest adds {three} OMR a night, a fourth {four} OMR a night.',
  },
  offers_intro: { ar: 'العروض الحالية:', en: 'Current offers:' },
  offer_line: {
    ar: '• {title}: {price} ر.ع. بدلاً من {original} (خصم {discount}٪)',
    en: '• {title}: {price} OMR instead of {original} ({discount}% off)',
  },
  no_offers: { ar: 'لا توجد عروض حالية.', en: 'There are no current offers.' },
  services_intro: { ar: 'الخدمات القريبة من الفندق:', en: 'Services near the hotel:' },
  service_line: { ar: '• {name}: {description}', en: '• {name}: {description}' },
  vip_intro: { ar: 'بطاقات VIP:', en: 'VIP cards:' },
  vip_line: {
    ar: '• {name}: {price} ر.ع. سنوياً، {coffees} و{nights}، وخصومات على {rooms}',
    en: '• {name}: {price} OMR a year, {coffees} and {nights}, discounts on {rooms}',
  },
  points_rules: {
    ar: 'نقاط الولاء: عند إتمام إقامتك تكسب {silver} للغرفة الفضية، و{gold} للذهبية، و{diamond} للماسية، و{deluxe} للديلوكس. يمكنك استبدالها بليلة مجانية: {silverCost} للفضية، و{goldCost} للذهبية، و{diamondCost} للماسية، و{deluxeCost} للديلوكس. تحتاج إلى حساب مسجّل.',
    en: 'Loyalty points: a completed stay earns {silver} in a silver room, {gold} in gold, {diamond} in diamond and {deluxe} in deluxe. Spend them on a free night: {silverCost} for silver, {goldCost} for gold, {diamondCost} for diamond, {deluxeCost} for deluxe. You need a signed-in account.',
  },
  events_rules: {
    ar: 'فعاليات الشهر: مسابقة التصوير (٣ صور على الأقل)، وسحب تقييم الفندق، ومشاركة الموقع (٥ مشاركات). مشاركة واحدة لكل رقم هاتف في كل فعالية كل شهر. افتح بطاقة «الفعاليات الحالية» في الصفحة الرئيسية للمشاركة.',
    en: 'This month\'s events: the photography contest (3+ photos), the hotel rating draw, and location sharing (5 shares). One entry per phone number per event each month. Open the "Current events" card on the home page to take part.',
  },
  availability_intro: {
    ar: 'الغرف المتاحة من {from} إلى {to}:',
    en: 'Rooms available from {from} to {to}:',
  },
  availability_line: {
    ar: '• {room}: {count}',
    en: '• {room}: {count}',
  },
  availability_none: {
    ar: 'للأسف لا توجد غرف متاحة في هذه التواريخ.',
    en: 'Sorry, no rooms are available for these dates.',
  },
  // The booking conversation
  booking_start: {
    ar: 'يسعدني مساعدتك في الحجز. يمكنك إلغاء الحجز في أي وقت بكتابة «إلغاء»، أو تغيير أي معلومة بكتابتها من جديد.',
    en: 'I will gladly help you book. Type "cancel" at any time to stop, or just tell me a new value to change anything.',
  },
  ask_room_type: {
    ar: 'ما نوع الغرفة التي تفضلها؟ الفضية ({silver} ر.ع.)، الذهبية ({gold} ر.ع.)، الماسية ({diamond} ر.ع.) أو الديلوكس ({deluxe} ر.ع.) لليلة.',
    en: 'Which room would you like? Silver ({silver} OMR), Gold ({gold} OMR), Diamond ({diamond} OMR) or Deluxe ({deluxe} OMR) a night.',
  },
  ask_check_in: {
    ar: 'ما تاريخ الوصول؟ مثلاً: ١٠ مارس أو ٢٠٢٦-٠٣-١٠',
    en: 'What is your check-in date? For example: 10 March or 2026-03-10',
  },
  ask_check_out: {
    ar: 'وما تاريخ المغادرة؟ (أو عدد الليالي، مثلاً: ٣ ليالٍ)',
    en: 'And your check-out date? (or the number of nights, e.g. 3 nights)',
  },
  ask_guests: { ar: 'كم عدد الضيوف؟ (من ١ إلى ٤)', en: 'How many guests? (1 to 4)' },
  ask_bed_type: { ar: 'هل تفضل سريراً مفرداً أم مزدوجاً؟', en: 'Would you like a single or a double bed?' },
  ask_smoking: { ar: 'غرفة للمدخنين أم لغير المدخنين؟', en: 'Smoking or non-smoking room?' },
  ask_full_name: { ar: 'ما الاسم الكامل للحجز؟', en: 'What is the full name for the booking?' },
  ask_phone: { ar: 'ما رقم هاتفك؟', en: 'What is your phone number?' },
  ask_id: { ar: 'ما رقم الهوية أو جواز السفر؟', en: 'What is your ID or passport number?' },
  summary: {
    ar: 'ملخص الحجز:\n• الغرفة: {room}\n• الوصول: {checkIn}\n• المغادرة: {checkOut} ({nights})\n• الضيوف: {guests}\n• السرير: {bed}\n• التدخين: {smoking}\n• الاسم: {name}\n• الهاتف: {phone}\n• الهوية: {id}\n• الإجمالي: {total} ر.ع. (الدفع نقداً في الفندق)\nهل تريد تأكيد الحجز؟ اكتب «نعم» للتأكيد، أو اكتب ما تريد تغييره، أو «إلغاء».',
    en: 'Your booking:\n• Room: {room}\n• Check-in: {checkIn}\n• Check-out: {checkOut} ({nights})\n• Guests: {guests}\n• Bed: {bed}\n• Smoking: {smoking}\n• Name: {name}\n• Phone: {phone}\n• ID: {id}\n• Total: {total} OMR (paid in cash at the hotel)\nShall I confirm it? Type "yes" to confirm, tell me what to change, or "cancel".',
  },
  booked: {
    ar: 'تم إرسال طلب الحجز بنجاح! رقم الحجز: {reference}. الحالة: قيد المراجعة، وسيتواصل معك فريقنا لتأكيده.',
    en: 'Your booking request was sent! Booking reference: {reference}. Status: pending review; our team will contact you to confirm it.',
  },
  booked_account: {
    ar: 'تجده في «حجوزاتي».',
    en: 'You will find it in "My bookings".',
  },
  cancelled: {
    ar: 'تم إلغاء عملية الحجز. كيف يمكنني مساعدتك بعد ذلك؟',
    en: 'Booking cancelled. How else can I help you?',
  },
  nothing_to_cancel: {
    ar: 'لا توجد عملية حجز جارية. هل تريد حجز غرفة؟',
    en: 'There is no booking in progress. Would you like to book a room?',
  },
  sold_out: {
    ar: 'للأسف لا تتوفر غرفة {room} من {from} إلى {to}.',
    en: 'Sorry, no {room} room is available from {from} to {to}.',
  },
  alternatives: {
    ar: 'المتاح في هذه التواريخ: {list}. أي نوع تفضل؟',
    en: 'Available for these dates: {list}. Which would you like?',
  },
  no_alternatives: {
    ar: 'ولا توجد غرف أخرى متاحة في هذه التواريخ. جرّب تواريخ أخرى أو اتصل بالاستقبال.',
    en: 'No other rooms are free on these dates either. Try other dates or call the front desk.',
  },
  bed_unavailable: {
    ar: 'لا يتوفر سرير {bed} في الغرفة {room} لهذه التواريخ. اختر نوعاً آخر.',
    en: 'No {bed} bed is available in the {room} room for these dates. Please choose another.',
  },
  smoking_unavailable: {
    ar: 'لا تتوفر غرفة {smoking} من نوع {room} لهذه التواريخ. اختر الخيار الآخر.',
    en: 'No {smoking} {room} room is available for these dates. Please choose the other option.',
  },
  confirm_or_change: {
    ar: 'اكتب «نعم» للتأكيد، أو ما تريد تغييره، أو «إلغاء».',
    en: 'Type "yes" to confirm, tell me what to change, or "cancel".',
  },
} as const satisfies Record<string, { ar: string; en: string }>;

/**
 * What the assistant says when an answer could not be read (or was refused), by step:
 * what it expects, with an example, in a few wordings, so that the same question is
 * never asked word for word twice in a row (issue 28). Used in turn.
 */
export const ASSISTANT_RETRY = {
  room_type: {
    ar: [
      'اختر نوع الغرفة: الفضية أو الذهبية أو الماسية أو الديلوكس. مثلاً: «ذهبية».',
      'عذراً، لم أتعرّف على نوع الغرفة. اكتب مثلاً «غرفة ماسية» أو «الفضية».',
      'أحتاج نوع الغرفة فقط، مثل «الديلوكس».',
    ],
    en: [
      'Please choose a room: Silver, Gold, Diamond or Deluxe. For example: "gold".',
      'Sorry, I did not catch the room type. Write for example "a diamond room" or "silver".',
      'I just need the room type, such as "deluxe".',
    ],
  },
  one_room: {
    ar: ['أحجز غرفة واحدة في كل محادثة؛ بعد إتمام هذا الحجز اكتب «أريد الحجز» للغرفة التالية.'],
    en: ['I book one room at a time; once this booking is done, write "book" again for the next room.'],
  },
  check_in: {
    ar: [
      'اكتب تاريخ الوصول، مثلاً: «١٥ ديسمبر» أو «١٥/١٢» أو «بكرة».',
      'عذراً، لم أفهم تاريخ الوصول. اكتبه مثل «الخميس القادم» أو «١٠ كانون الثاني».',
      'أحتاج تاريخ الوصول فقط، مثلاً: «غداً» أو «٢٠ مارس».',
    ],
    en: [
      'Please write your check-in date, for example "15 December", "15/12" or "tomorrow".',
      'Sorry, I could not read the check-in date. Write it like "next Thursday" or "Jan 10".',
      'I just need your check-in date, for example "today" or "20 March".',
    ],
  },
  check_out: {
    ar: [
      'اكتب تاريخ المغادرة أو عدد الليالي، مثلاً: «ليلتين» أو «١٨ ديسمبر».',
      'عذراً، لم أفهم. كم ليلة ستبقى؟ اكتب مثلاً «ثلاث ليالٍ» أو «أسبوع»، أو تاريخ المغادرة مثل «٢٠/١٢».',
      'أحتاج تاريخ المغادرة أو عدد الليالي فقط، مثل «ليلة واحدة» أو «يوم الجمعة».',
    ],
    en: [
      'Please write your check-out date or the number of nights, for example "two nights" or "18 December".',
      'Sorry, I did not understand. How many nights will you stay? For example "3 nights" or "a week", or a check-out date such as "20/12".',
      'I just need the check-out date or the number of nights, such as "one night" or "Friday".',
    ],
  },
  guests: {
    ar: [
      'اكتب عدد الضيوف من ١ إلى ٤، مثلاً: «شخصين» أو «٣».',
      'عذراً، كم شخصاً سيقيم في الغرفة؟ (من ١ إلى ٤) مثلاً: «أنا وزوجتي» أو «ثلاثة أشخاص».',
      'أحتاج عدد الضيوف فقط، مثل «شخص واحد» أو «٤».',
    ],
    en: [
      'Please give the number of guests from 1 to 4, for example "2" or "two people".',
      'Sorry, how many people will stay in the room (1 to 4)? For example "me and my wife" or "three".',
      'I just need the number of guests, such as "one" or "4".',
    ],
  },
  bed_type: {
    ar: [
      'اختر نوع السرير: «مفرد» أو «مزدوج». مثلاً: «سرير مزدوج».',
      'عذراً، لم أفهم. أي سرير تفضل؟ اكتب مثلاً «مفرد».',
      'أحتاج نوع السرير فقط: «مفرد» أو «مزدوج».',
    ],
    en: [
      'Please choose a bed: "single" or "double". For example: "double bed".',
      'Sorry, I did not understand. Which bed would you like? Write for example "single".',
      'I just need the bed type: "single" or "double".',
    ],
  },
  smoking: {
    ar: [
      'اختر: غرفة للمدخنين أم لغير المدخنين؟ مثلاً: «غير مدخن».',
      'عذراً، لم أفهم. اكتب «مدخن» أو «غير مدخن».',
      'أحتاج تفضيل التدخين فقط، مثل «لغير المدخنين».',
    ],
    en: [
      'Please choose a smoking or non-smoking room, for example "non-smoking".',
      'Sorry, I did not understand. Write "smoking" or "non-smoking".',
      'I just need your smoking preference, such as "non-smoking".',
    ],
  },
  full_name: {
    ar: [
      'أحتاج الاسم الكامل لصاحب الحجز، مثلاً: «سالم الحارثي».',
      'عذراً، لم أجد اسماً في ردك. اكتب الاسم الأول واسم العائلة، مثل «عائشة البلوشية».',
      'اكتب الاسم الكامل فقط، مثلاً: «اسمي محمد الكندي».',
    ],
    en: [
      'I need the full name for the booking, for example "Salim Al Harthy".',
      'Sorry, I did not see a name there. Please write a first and last name, such as "Aisha Al Balushi".',
      'Just the full name, please, for example "my name is Mohammed Al Kindi".',
    ],
  },
  phone: {
    ar: [
      'أحتاج رقم هاتف من ٨ أرقام على الأقل، مثلاً: «٩١٢٣٤٥٦٧».',
      'عذراً، لم أجد رقم هاتف في ردك. اكتب الرقم مثل «رقمي ٩٢١١٢٢٣٣».',
      'اكتب رقم الهاتف فقط، مثلاً: «٧١٢٣٤٥٦٧».',
    ],
    en: [
      'I need a phone number of at least 8 digits, for example "9123 4567" or "+968 9123 4567".',
      'Sorry, I did not find a phone number there. Write it like "my number is 92112233".',
      'Just the phone number, please, for example "71234567".',
    ],
  },
  id_number: {
    ar: [
      'أحتاج رقم الهوية أو جواز السفر (٥ خانات على الأقل)، مثلاً: «١٢٣٤٥٦٧٨».',
      'عذراً، لم أجد رقم هوية في ردك. اكتبه مثل «الرقم المدني ٩٨٧٦٥٤٣٢».',
      'اكتب رقم الهوية أو الجواز فقط، مثلاً: «جواز السفر ١٢٣٤٥٦٧».',
    ],
    en: [
      'I need your ID or passport number (at least 5 characters), for example "12345678" or "A1234567".',
      'Sorry, I did not find an ID number there. Write it like "passport A1234567".',
      'Just the ID or passport number, please, for example "my ID is 98765432".',
    ],
  },
  confirm: {
    ar: [
      'اكتب «نعم» لتأكيد الحجز، أو ما تريد تغييره مثل «غيّر التاريخ»، أو «إلغاء».',
      'لم أفهم. هل أؤكد الحجز؟ اكتب «نعم»، أو للتعديل اكتب مثلاً «غيّر الاسم»، أو «إلغاء».',
      'للتأكيد اكتب «نعم». للتعديل اكتب القيمة الجديدة، مثل «غرفة فضية»، أو اكتب «إلغاء».',
    ],
    en: [
      'Type "yes" to confirm the booking, tell me what to change (for example "change the date"), or "cancel".',
      'Sorry, I did not understand. Shall I confirm the booking? Type "yes", or for example "change the name", or "cancel".',
      'To confirm, type "yes". To change something, write the new value, such as "silver room", or type "cancel".',
    ],
  },
} as const satisfies Record<string, { ar: readonly string[]; en: readonly string[] }>;

export const BED_NAME = {
  ar: { single: 'مفرد', double: 'مزدوج' },
  en: { single: 'single', double: 'double' },
} as const;
export const SMOKING_NAME = {
  ar: { smoking: 'للمدخنين', non_smoking: 'لغير المدخنين' },
  en: { smoking: 'smoking', non_smoking: 'non-smoking' },
} as const;

/** Fills `{name}` placeholders of an assistant sentence. */
export function fillText(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (all, key: string) =>
    Object.hasOwn(values, key) ? String(values[key]) : all,
  );
}
