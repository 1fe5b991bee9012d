// @prata/domain has no side effects on import: each app sets fieldMessage as zod's locale for the messages a schema
// does not set (apps/server/src/lib/zod-locale.ts, apps/web/src/lib/zod-locale.ts).
export { fieldMessage } from './field-message';
export { MESSAGES } from './messages';
// Two groups on their own, for a client that must not carry every feature's messages (the web's sign-in page).
export { AUTH_MESSAGES } from './messages/auth';
export { COMMON_MESSAGES } from './messages/common';
export * from './errors';
export * from './dates';
export * from './documents/index';
export * from './masks';
export * from './money/index';
export * from './text';
export * from './time/brasilia';
export * from './contracts/index';
export * from './statements/index';
export * from './site';
export * from './reserves/merkle';
export * from './reserves/sum-tree';
export * from './reserves/verify';
