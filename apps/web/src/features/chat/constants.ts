/** Spec 3 §9 (Chat): the typing indicator lasts at least 2 seconds; the greeting comes 2 seconds after the visitor's data. */
export const TYPING_MIN_MS = 2000;
export const GREETING_DELAY_MS = 2000;
/** Spec 3 §9: the message area is at most 480 px high. */
export const MESSAGES_MAX_HEIGHT_PX = 480;
