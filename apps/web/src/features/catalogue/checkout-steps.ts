import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSearchParams } from '@/lib/search-params';
import {
  checkoutSearch,
  PAYMENT_STEP,
  PIX_SLUG,
  reachableStep,
  type SavedCheckout,
  STEP_PARAM,
  saveCheckout,
  stepOfSlug,
} from './checkout-state';

/**
 * The checkout's state, kept in the tab (checkout-state.ts) and read from the ref: the router may render the next
 * address before React applies a state change made in the same click (the step's data, the order's token), and the
 * address is checked against it.
 */
export function useSavedCheckout(initial: SavedCheckout) {
  const store = useRef<SavedCheckout>(initial);
  const [saved, setSaved] = useState<SavedCheckout>(initial);
  const update = (change: Partial<SavedCheckout>) => {
    store.current = { ...store.current, ...change };
    setSaved(store.current);
  };
  useEffect(() => saveCheckout(saved), [saved]);
  return { store, state: store.current, update };
}

/**
 * The step is the address bar's: Back and Forward move between steps; a step the data cannot show yet (typed, or
 * Forward after the cart changed) becomes the furthest one it can. `go` moves forward (or to the Pix), `back` one step
 * back (from the cart, out of the checkout).
 */
export function useCheckoutStep({
  store,
  update,
  isLoggedIn,
  userPending,
}: ReturnType<typeof useSavedCheckout> & { isLoggedIn: boolean; userPending: boolean }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const state = store.current;
  const { orderToken } = state;
  const slug = params.get(STEP_PARAM);
  const wanted = stepOfSlug(slug) ?? 0;
  const active = userPending ? wanted : Math.min(wanted, reachableStep(state, isLoggedIn));
  const moving = useRef<string | null>(null);
  useEffect(() => {
    if (userPending) return;
    const target = checkoutSearch(slug === PIX_SLUG && orderToken ? PIX_SLUG : active, orderToken);
    const current = `?${new URLSearchParams(params)}`;
    // a step this page just moved to and the router has not shown yet: never overwritten by an older address
    if (moving.current !== null && moving.current !== current) return;
    moving.current = null;
    if (current !== target) navigate(target, { replace: true });
  }, [userPending, slug, active, orderToken, params, navigate]);

  const go = (step: number | typeof PIX_SLUG, token = orderToken) => {
    if (typeof step === 'number') update({ visited: Math.max(store.current.visited, step) });
    moving.current = checkoutSearch(step, token);
    navigate(moving.current);
    window.scrollTo({ top: 0, behavior: 'instant' });
  };
  const back = () => (active === 0 ? navigate('/') : go(active - 1));
  /** Replaces the address with the payment step's (the Pix closed): the same guard as a step moved to. */
  const leavePix = () => {
    moving.current = checkoutSearch(PAYMENT_STEP, orderToken);
    navigate(moving.current, { replace: true });
  };
  return { slug, active, go, back, leavePix };
}
