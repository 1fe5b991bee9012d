import { z } from 'zod';

// @prata/domain sets this in its index, but the web build treats the domain package as side-effect free (see
// vite.config.ts), so the forms apply it here: messages a schema does not set come out in Portuguese.
z.config(z.locales.pt());
