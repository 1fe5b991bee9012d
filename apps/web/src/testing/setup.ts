import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy* and waitFor give up after 1 s by default: a screen that needs 1.2 s on a busy machine (load 10 on 2 cores)
// failed there. A passing test does not wait longer for this; only a failing one takes 5 s to say so.
configure({ asyncUtilTimeout: 5_000 });

// The files of a worker share one jsdom (isolate: false in vitest.config.ts): each test leaves it as it found it, its
// screens unmounted and the browser's storage empty, so no file reads what another left behind.
// (A file in the node environment, the server's first paint, has neither.)
afterEach(() => {
  if (typeof document === 'undefined') return;
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
