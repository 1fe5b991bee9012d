import { fieldMessage } from '@prata/domain';
import { z } from 'zod';

// Messages a schema does not set come out in Brazilian Portuguese. Set once by the app (packages/domain has no side
// effects).
z.config({ localeError: fieldMessage });
