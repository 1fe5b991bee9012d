import { lazy, Suspense, useEffect, useState } from 'react';
import { bootedOnUse } from '@/lib/first-paint';

// The help button and everything behind it arrive after the page is up: none of it is on a first load.
const HelpButton = lazy(() => import('./help-button'));

/** How long after the page's first render the button's chunk is asked for, when the browser has no idle callback. */
const LATE_START_MS = 1500;

/** The floating help button (spec 3 Shell), mounted by the app shell on every customer and visitor screen. */
export function ChatLauncher() {
  // a visitor who had the painted page's button on screen (and may have tapped it: help-button.tsx opens the chat)
  // gets it back at once
  const [ready, setReady] = useState(bootedOnUse);
  useEffect(() => {
    if (ready) return;
    const start = () => setReady(true);
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(start, { timeout: LATE_START_MS * 2 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(start, LATE_START_MS);
    return () => window.clearTimeout(id);
  }, [ready]);
  return ready ? (
    <Suspense fallback={null}>
      <HelpButton />
    </Suspense>
  ) : null;
}
