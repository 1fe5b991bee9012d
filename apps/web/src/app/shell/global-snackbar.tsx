import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CloseIcon from '@mui/icons-material/Close';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { focusIfLost } from '@/lib/focus';
import { type Notice, NOTICE_HOTKEY, notify, useNotice } from '@/lib/notify';
import { useLocation } from 'react-router';

/** The notice's action, else its close button: what the hotkey focuses. */
function focusTarget(box: HTMLElement | null): HTMLElement | null {
  return box?.querySelector<HTMLElement>('[data-notice-action]') ?? box?.querySelector<HTMLElement>('button') ?? null;
}

/**
 * The hotkey (F8, as Radix's toasts have it) takes the keyboard to the notice, which sits after everything else on the
 * page; once the notice goes (closed, acted on or replaced), the focus returns where the key was pressed, unless the
 * person has moved it elsewhere since.
 */
function useNoticeHotkey(noticeId: number | undefined) {
  const box = useRef<HTMLDivElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  useEffect(() => {
    // a new notice (or none): the one the focus was taken to is gone
    if (returnTo.current) focusIfLost(returnTo.current);
    returnTo.current = null;
    if (noticeId === undefined) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== NOTICE_HOTKEY || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const target = focusTarget(box.current);
      if (!target) return;
      event.preventDefault();
      const active = document.activeElement;
      if (active instanceof HTMLElement && !box.current?.contains(active)) returnTo.current = active;
      target.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [noticeId]);
  return box;
}

/**
 * A notice's action is about the page it was shown on ("Desfazer" for the alert just deleted): it stays until closed
 * there, and goes when the person moves to another page. A notice without an action may follow a navigation ("Dados
 * salvos" after a redirect) and closes by itself.
 */
function useActionStaysOnItsPage(notice: Notice | null) {
  const { pathname } = useLocation();
  const shownOn = useRef<{ id: number; pathname: string } | null>(null);
  if (notice && shownOn.current?.id !== notice.id) shownOn.current = { id: notice.id, pathname };
  useEffect(() => {
    const shown = shownOn.current;
    if (notice?.action && shown?.id === notice.id && shown.pathname !== pathname) notify.close();
  }, [notice, pathname]);
}

/**
 * A notice that stays sits over the end of the page until closed (on a phone, over the last field or button): while it
 * is open, the page gets room below for its height, so everything can be scrolled above it, and the browser keeps an
 * element focused by Tab clear of it (scroll-padding; WCAG 2.4.11).
 */
function useRoomBelow(box: RefObject<HTMLDivElement | null>, notice: Notice | null) {
  const staying = notice !== null && notice.autoHideMs === null ? notice.id : null;
  useEffect(() => {
    const element = box.current;
    if (staying === null || !element) return;
    const { body, documentElement: root } = document;
    const reserve = () => {
      const room = Math.ceil(window.innerHeight - element.getBoundingClientRect().top);
      body.style.paddingBottom = `${room}px`;
      // the theme's scroll-padding (the floating help button, a passing notice) stays when it is the larger
      root.style.scrollPaddingBottom = '';
      const base = Number.parseFloat(getComputedStyle(root).scrollPaddingBottom) || 0;
      root.style.scrollPaddingBottom = `${Math.max(base, room)}px`;
    };
    reserve();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(reserve);
    observer?.observe(element);
    window.addEventListener('resize', reserve);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', reserve);
      body.style.paddingBottom = '';
      root.style.scrollPaddingBottom = '';
    };
  }, [box, staying]);
}

/** The hotkey, shown beside the action where a keyboard is likely (not on a touch screen); said by aria-keyshortcuts. */
function HotkeyHint() {
  return (
    <Box
      component="kbd"
      aria-hidden
      sx={{
        display: 'none',
        '@media (hover: hover) and (pointer: fine)': { display: 'inline-block' },
        ml: 1,
        px: 0.5,
        border: '1px solid currentColor',
        borderRadius: 0.5,
        font: 'inherit',
        fontSize: '0.75rem',
        lineHeight: 1.4,
      }}
    >
      {NOTICE_HOTKEY}
    </Box>
  );
}

/**
 * The one snackbar of the app (lib/notify decides what it shows). A landmark named with its hotkey, so a screen
 * reader lists it; while the focus is in it, it does not close by itself.
 */
export function GlobalSnackbar() {
  const notice = useNotice();
  const box = useNoticeHotkey(notice?.id);
  useActionStaysOnItsPage(notice);
  useRoomBelow(box, notice);
  // the notice the focus is in: a notice replaced under the focus goes without a blur, and the next one must still close
  const [focusedId, setFocusedId] = useState<number | null>(null);
  const focused = notice !== null && focusedId === notice.id;
  return (
    <Snackbar
      key={notice?.id}
      ref={box}
      role="region"
      aria-label={`Avisos (${NOTICE_HOTKEY})`}
      open={notice !== null}
      autoHideDuration={focused ? null : (notice?.autoHideMs ?? null)}
      onClose={(_event, reason) => {
        if (reason === 'clickaway') return;
        // MUI closes it on an Escape pressed anywhere: one that closes a menu or a dialog must not take an action away
        if (reason === 'escapeKeyDown' && notice?.action && !box.current?.contains(document.activeElement)) return;
        notify.close();
      }}
      onFocus={() => setFocusedId(notice?.id ?? null)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocusedId(null);
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      {notice ? (
        <Alert
          severity={notice.severity}
          variant="filled"
          onClose={() => notify.close()}
          sx={{ width: '100%', alignItems: 'center' }}
          action={
            // MUI draws its close button only when there is no action; a notice that stays needs both
            notice.action ? (
              <>
                <Button
                  color="inherit"
                  size="small"
                  data-notice-action
                  aria-keyshortcuts={NOTICE_HOTKEY}
                  onClick={() => {
                    notice.action?.onClick();
                    notify.close();
                  }}
                >
                  {notice.action.label}
                  <HotkeyHint />
                </Button>
                <IconButton color="inherit" size="small" aria-label="Fechar" onClick={() => notify.close()}>
                  <CloseIcon fontSize="small" />
                </IconButton>
              </>
            ) : undefined
          }
        >
          {notice.message}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
