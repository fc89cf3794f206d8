/** The consultation timings: the notice an offer gives, how many times, when a room opens and closes. */

/** Offers must leave the subject time to read the e-mail. */
export const OFFER_NOTICE_MS = 2 * 60 * 60 * 1000;
export const MAX_OFFERED_TIMES = 5;
/** The room opens this long before the start and closes this long after the end. */
export const ROOM_OPENS_BEFORE_MS = 30 * 60 * 1000;
export const ROOM_CLOSES_AFTER_MS = 60 * 60 * 1000;
