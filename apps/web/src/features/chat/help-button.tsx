import ChatOutlined from '@mui/icons-material/ChatOutlined';
import CircularProgress from '@mui/material/CircularProgress';
import Fab from '@mui/material/Fab';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { MAIN_ID } from '@/components/skip-link';
import { getLoginData, useAuthToken } from '@/lib/auth-storage';
import { takePaintedAction } from '@/lib/first-paint';
import type { LoginUser } from '@/lib/session';
import { useClearSpot } from './clear-spot';
import { CHAT_BUTTON_OFFSETS as OFFSETS } from './place';

// The panel (forms, zod, the conversation) is fetched on the first click.
const ChatPanel = lazy(() => import('./chat-panel'));

const fabPlace = {
  position: 'fixed',
  zIndex: 'speedDial',
  right: { xs: OFFSETS.phone, sm: OFFSETS.wide },
  bottom: { xs: OFFSETS.phone, sm: OFFSETS.wide },
  transition: 'transform 150ms ease-out, opacity 150ms',
} as const;

/**
 * The floating help button (spec 3 Shell): a small round button in the corner that opens the Auro chat. It never
 * covers a page's own buttons: it climbs above the one passing under it, or steps aside (clear-spot.ts).
 */
export default function HelpButton() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const signedIn = useAuthToken() !== null;
  const name = signedIn ? (getLoginData<LoginUser>()?.name ?? null) : null;
  const fabRef = useRef<HTMLButtonElement>(null);
  const lift = useClearSpot(fabRef, OFFSETS);
  // closing the chat gives the focus back to this button, drawn again in the panel's place (WCAG 2.4.3); when it is
  // stepped aside (hidden), to the page's main content
  const returnFocus = useRef(false);
  useEffect(() => {
    if (open || !returnFocus.current) return;
    returnFocus.current = false;
    const fab = fabRef.current;
    if (fab && fab.tabIndex >= 0) fab.focus();
    else document.getElementById(MAIN_ID)?.focus();
  }, [open]);
  // the visitor tapped the painted page's button, which booted the app (lib/first-paint.ts): open the chat now
  useEffect(() => {
    if (takePaintedAction('chat')) {
      setLoaded(true);
      setOpen(true);
    }
  }, []);

  const waiting = (
    <Fab size="medium" color="secondary" disabled aria-label="Abrindo o chat" sx={fabPlace}>
      {/* the button says what is happening; its spinner adds nothing to hear */}
      <CircularProgress size={22} color="inherit" aria-hidden />
    </Fab>
  );
  return (
    <>
      {!open && (
        <Fab
          ref={fabRef}
          size="medium"
          color="secondary"
          // on the server's painted page, the control that boots the app (lib/first-paint.ts)
          data-prata-action="chat"
          aria-label="Abrir o chat com o Auro"
          title="Dúvidas? Fale com o Auro"
          aria-hidden={lift === null || undefined}
          tabIndex={lift === null ? -1 : undefined}
          onClick={() => {
            setLoaded(true);
            setOpen(true);
          }}
          sx={{
            ...fabPlace,
            transform: lift ? `translateY(-${lift}px)` : undefined,
            opacity: lift === null ? 0 : 1,
            pointerEvents: lift === null ? 'none' : undefined,
          }}
        >
          <ChatOutlined />
        </Fab>
      )}
      {loaded && (
        <Suspense fallback={open ? waiting : null}>
          <ChatPanel
            open={open}
            identity={{ signedIn, name }}
            onClose={(back = true) => {
              returnFocus.current = back;
              setOpen(false);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
