/** How fast support answers: every page that promises a reply quotes these. */
export const SUPPORT_REPLY_TIME = "2-3 business days";
export const PAYMENT_INQUIRY_REPLY_TIME = "2 business days";
