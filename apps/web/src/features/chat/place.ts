/** How far the help button stands from the window's edges, on a phone (xs) and on wider screens. */
export const CHAT_BUTTON_OFFSETS = { phone: 12, wide: 24 } as const;
/** MUI's medium Fab. */
const CHAT_BUTTON_SIZE_PX = 48;
const ROOM_GAP_PX = 8;

/**
 * The room the page's end keeps for the button (the footer's bottom padding, app/shell/footer.tsx): scrolled to the
 * end, the last lines of text sit above it, not under it. Light: it is on the first load.
 */
export const CHAT_BUTTON_ROOM_PX = {
  phone: CHAT_BUTTON_SIZE_PX + CHAT_BUTTON_OFFSETS.phone + ROOM_GAP_PX,
  wide: CHAT_BUTTON_SIZE_PX + CHAT_BUTTON_OFFSETS.wide + ROOM_GAP_PX,
} as const;
