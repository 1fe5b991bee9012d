import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useCallback, useId, useLayoutEffect, useRef, useState } from 'react';

export const READ_MORE = 'Ler mais';
export const READ_LESS = 'Ler menos';
/** 224 px at normal size: a phone's card and the desktop's three a row; 448 px at 200 %, wider than those cards. */
const CLAMP_FROM = '14em';

/**
 * A product's description, cut at `lines` lines so the catalogue's cards keep one height. When the text does not fit
 * (a long description, WCAG 1.4.12's spacing) a "Ler mais" button under it shows the rest (WCAG 1.4.4: nothing is
 * lost, one press away; `aria-expanded` and `aria-controls` tie the two). Whether it fits is measured again whenever
 * the box changes size; a text that fits shows no button.
 *
 * The cut applies only in a card at least `CLAMP_FROM` wide, in the text's own em: with text enlarged to 200 % the
 * card holds half the words a line and the description shows whole. That needs no script, so the visitor's page the
 * server paints (src/ssr, no app until it is used) cuts nothing at 200 % either.
 */
export function ClampedDescription({ text, lines = 3 }: { text: string; lines?: number }) {
  const id = useId();
  const ref = useRef<HTMLParagraphElement | null>(null);
  const [open, setOpen] = useState(false);
  const [cut, setCut] = useState(false);
  const measure = useCallback(() => {
    const element = ref.current;
    // measured while clamped only: open, the text is whole
    if (element && !open) setCut(element.scrollHeight > element.clientHeight + 1);
  }, [open]);
  useLayoutEffect(() => {
    const element = ref.current;
    measure();
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [measure]);
  const clamp = { display: '-webkit-box', WebkitLineClamp: lines, WebkitBoxOrient: 'vertical', overflow: 'hidden' };
  return (
    <>
      <Box sx={{ containerType: 'inline-size', flexGrow: 1 }}>
        <Typography
          ref={ref}
          id={id}
          variant="body2"
          color="text.secondary"
          sx={open ? undefined : { [`@container (min-width: ${CLAMP_FROM})`]: clamp }}
        >
          {text}
        </Typography>
      </Box>
      {(cut || open) && (
        <Button
          size="small"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((o) => !o)}
          sx={{ alignSelf: 'flex-start', px: 0.5, minWidth: 0 }}
        >
          {open ? READ_LESS : READ_MORE}
        </Button>
      )}
    </>
  );
}
