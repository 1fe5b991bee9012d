import { configure } from '@testing-library/react';

// findBy* and waitFor give up after 1 s by default: a screen that needs 1.2 s on a busy machine (load 10 on 2 cores)
// failed there. A passing test does not wait longer for this; only a failing one takes 5 s to say so.
configure({ asyncUtilTimeout: 5_000 });
