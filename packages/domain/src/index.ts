import { z } from 'zod';

// Any message a schema does not set explicitly falls back to zod's Portuguese locale.
z.config(z.locales.pt());

export { MESSAGES } from './messages';
export * from './errors';
export * from './dates';
export * from './documents/index';
export * from './masks';
export * from './money/index';
export * from './text';
export * from './contracts/index';
