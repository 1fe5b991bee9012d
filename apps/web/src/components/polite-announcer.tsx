import Box from '@mui/material/Box';
import { useEffect, useRef, useState } from 'react';

/** A live figure (a price) is announced at most this often: a screen reader is not a ticker. */
export const ANNOUNCE_EVERY_MS = 30_000;

/** Read by screen readers, not shown ('1px', not 1: in sx a 1 is 100%). */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * What a polite live region should say for a sentence that follows a live figure: nothing for the first sentence (the
 * screen already shows it), then the latest sentence when it differs from the last one said, at most once every
 * `everyMs` (a change inside the window is said when the window ends, if it still stands).
 */
function useThrottledAnnouncement(sentence: string | null, everyMs: number = ANNOUNCE_EVERY_MS): string {
  const [said, setSaid] = useState('');
  // `baseline` is what the person has heard or seen last; `at` when the region last spoke
  const state = useRef<{ baseline: string | null; at: number; latest: string | null }>({
    baseline: null,
    at: Number.NEGATIVE_INFINITY,
    latest: null,
  });
  state.current.latest = sentence;

  useEffect(() => {
    const current = state.current;
    if (sentence === null) return;
    if (current.baseline === null) {
      current.baseline = sentence;
      return;
    }
    if (sentence === current.baseline) return;
    const say = () => {
      const latest = current.latest;
      if (latest === null || latest === current.baseline) return;
      current.baseline = latest;
      current.at = Date.now();
      setSaid(latest);
    };
    const wait = current.at + everyMs - Date.now();
    if (wait <= 0) {
      say();
      return;
    }
    const timer = setTimeout(say, wait);
    return () => clearTimeout(timer);
  }, [sentence, everyMs]);

  return said;
}

/**
 * The one way a screen announces a live figure: a visually hidden polite status region (present from the
 * start, so screen readers watch it) that says `sentence` when it changes, throttled by useThrottledAnnouncement. The
 * ticking figures themselves stay outside any live region.
 */
export function PoliteAnnouncer({
  sentence,
  everyMs = ANNOUNCE_EVERY_MS,
}: {
  sentence: string | null;
  everyMs?: number;
}) {
  const said = useThrottledAnnouncement(sentence, everyMs);
  return (
    <Box role="status" aria-live="polite" aria-atomic="true" sx={visuallyHidden}>
      {said}
    </Box>
  );
}
