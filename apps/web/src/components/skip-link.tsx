import Link from '@mui/material/Link';
import type { MouseEvent } from 'react';

/** The id of each frame's <main>, where the skip link takes the focus. */
export const MAIN_ID = 'conteudo';

/** The props of a frame's <main>: the skip link's target, focusable by script only (no ring around the page). */
export const mainProps = { id: MAIN_ID, tabIndex: -1 } as const;
export const mainFocusSx = { '&:focus': { outline: 'none' } } as const;

/**
 * 'Pular para o conteúdo' (WCAG 2.4.1): the first Tab stop of every frame, hidden until focused, moves the focus past
 * the header and the drawer's links to the page's <main>. The click is handled here (the URL keeps no #fragment).
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView?.({ block: 'start' });
  };
  return (
    <Link
      href={`#${MAIN_ID}`}
      onClick={skip}
      sx={{
        position: 'fixed',
        left: 8,
        top: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        bgcolor: 'background.paper',
        color: 'primary.dark',
        fontWeight: 600,
        borderRadius: 1,
        boxShadow: 3,
        transform: 'translateY(-200%)',
        '&:focus, &:focus-visible': { transform: 'none' },
      }}
    >
      Pular para o conteúdo
    </Link>
  );
}
