// The shell's pieces other screens reuse: the balances' hide/show toggle (PUT /api/user/toggle-balances-visibility,
// which updates the cached user) and how a hidden balance reads. The catalogue's summary for a signed-in customer
// shows the same balances with the same toggle.
export { useToggleBalancesVisibility } from './api/toggle-balances-visibility';
export { HIDDEN_BRL, HIDDEN_GRAMS } from './drawer-balances';
