import { z } from 'zod';

// Messages a schema does not set come out in Portuguese. Set by the app: packages/domain has no side effects.
z.config(z.locales.pt());
