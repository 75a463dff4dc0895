-- The assistant answers questions about cancelling and changing a booking from the site settings
-- (the free-cancellation hours, check-in and check-out times, the admin's policy text). The seeded
-- Q&A entries about cancelling said approved bookings must be cancelled by phone, which the
-- settings contradict; they go, unless an admin has edited them since.
DELETE FROM `custom_chat_qa`
WHERE (`question` = 'Can I cancel my booking?'
    AND `answer` = 'Yes. A pending request can be cancelled from "My bookings" at any time; for an approved booking please call the front desk.')
  OR (`question` = 'هل يمكنني إلغاء حجزي؟'
    AND `answer` = 'نعم، يمكنك إلغاء الطلب قيد المراجعة من «حجوزاتي» في أي وقت، وللحجز المعتمد يرجى الاتصال بالاستقبال.');
