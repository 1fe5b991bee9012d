import SwipeLeftOutlined from '@mui/icons-material/SwipeLeftOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type ReactNode, useCallback, useId, useLayoutEffect, useRef, useState } from 'react';

export const SCROLL_HINT = 'Deslize para ver mais colunas';

/** Whether the element's content is wider than the element, measured again whenever either changes size. */
function useOverflowsX() {
  const ref = useRef<HTMLDivElement | null>(null);
  const [overflows, setOverflows] = useState(false);
  const measure = useCallback(() => {
    const element = ref.current;
    if (element) setOverflows(element.scrollWidth > element.clientWidth + 1);
  }, []);
  useLayoutEffect(() => {
    const element = ref.current;
    measure();
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [measure]);
  return { ref, overflows };
}

/**
 * A data table that may be wider than the screen (WCAG 1.4.10 lets data tables scroll sideways), in a box that scrolls
 * on its own. When its columns do not fit, the box becomes a region named after the table, says so ("Deslize para ver
 * mais colunas") and takes the keyboard's focus, so the arrow keys scroll it too; a table that fits is only a table
 * (no landmark named like it beside it).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  const { ref, overflows } = useOverflowsX();
  const hintId = useId();
  return (
    <>
      {overflows && (
        <Typography
          id={hintId}
          variant="caption"
          color="text.secondary"
          sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: 2, pt: 1 }}
        >
          <SwipeLeftOutlined sx={{ fontSize: 16 }} aria-hidden />
          {SCROLL_HINT}
        </Typography>
      )}
      <Box
        ref={ref}
        role={overflows ? 'region' : undefined}
        aria-label={overflows ? label : undefined}
        aria-describedby={overflows ? hintId : undefined}
        tabIndex={overflows ? 0 : undefined}
        sx={{
          width: '100%',
          overflowX: 'auto',
          // the containing block of what is positioned inside (visually hidden text): else it escapes the scroll box
          // and the whole page scrolls sideways
          position: 'relative',
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
        }}
      >
        {children}
      </Box>
    </>
  );
}
