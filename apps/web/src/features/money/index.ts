// The money feature's public surface for other features. Pages load through the router, each in its own chunk.
export { DEPOSIT_METHOD_LABELS } from './labels';
