-- The assistant answers questions about cancelling and changing a booking from the site settings
-- (the free-cancellation hours, check-in and check-out times, the admin's policy text). The seeded
-- Q&A entries about cancelling said approved bookings must be cancelled by phone, which the
-- settings contradict, and those about the check-in and check-out times repeated the settings'
-- times in words of their own (and called check-in "تسجيل الدخول", log in); they go, unless an
-- admin has edited them since.
DELETE FROM `custom_chat_qa`
WHERE (`question` = 'Can I cancel my booking?'
    AND `answer` = 'Yes. A pending request can be cancelled from "My bookings" at any time; for an approved booking please call the front desk.')
  OR (`question` = 'هل يمكنني إلغاء حجزي؟'
    AND `answer` = 'نعم، يمكنك إلغاء الطلب قيد المراجعة من «حجوزاتي» في أي وقت، وللحجز المعتمد يرجى الاتصال بالاستقبال.')
  OR (`question` = 'What are the check-in and check-out times?'
    AND `answer` = 'Check-in is from 2:00 pm and check-out is until 12:00 noon. Ask the front desk about early check-in or late check-out.')
  OR (`question` = 'ما هي مواعيد تسجيل الدخول والمغادرة؟'
    AND `answer` = 'تسجيل الدخول من الساعة ٢:٠٠ ظهراً، والمغادرة حتى الساعة ١٢:٠٠ ظهراً. للدخول المبكر أو المغادرة المتأخرة يرجى سؤال الاستقبال.');
