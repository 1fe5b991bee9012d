// The auth feature's public surface for other features (pages load through the router, each in its own chunk).
export { resendLabel } from './components/code-step';
