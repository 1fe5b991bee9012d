// Auro, the chat assistant: the shell mounts the launcher (a few lines); the button and the panel load after the page
// and on the first click, so no first load carries them. Nothing heavier may be exported from here (the room the
// footer keeps for the button is two numbers).
export { ChatLauncher } from './chat-launcher';
export { CHAT_BUTTON_ROOM_PX } from './place';
