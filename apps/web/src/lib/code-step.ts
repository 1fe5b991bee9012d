import { useEffect } from 'react';
import { keepScrollOnNextNavigation } from './scroll';
import { useSearchParams } from './search-params';

/**
 * The e-mail code step of a form that asks for one (the withdrawal's, the silver transfer's) is the address bar's
 * (`?etapa=codigo`), as the checkout's steps: Back and Forward move to it, and a reload finds it. What the code was sent
 * for lives in the form's draft (lib/form-draft.ts), never the code.
 */
const STEP_PARAM = 'etapa';
const CODE_STEP = 'codigo';

function withStep(params: URLSearchParams, toCode: boolean) {
  if (toCode) params.set(STEP_PARAM, CODE_STEP);
  else params.delete(STEP_PARAM);
  return params;
}

/**
 * The address's code step: shown while the address names it and `bound` (a code sent in this tab confirms what the form
 * now holds); otherwise (no code sent in this tab, what it confirms changed before Forward) the address goes back to
 * the form, replacing the entry. `move` goes to the step or back to the form; the step changes part of the page, so
 * the scroll stays (the code field, focused, stays in view).
 */
export function useCodeStepAddress(bound: boolean) {
  const [params, setParams] = useSearchParams();
  const onCodeStep = params.get(STEP_PARAM) === CODE_STEP;
  const stale = onCodeStep && !bound;
  const move = (toCode: boolean, options?: { replace?: boolean }) => {
    keepScrollOnNextNavigation();
    setParams((current) => withStep(current, toCode), options);
  };
  useEffect(() => {
    if (!stale) return;
    keepScrollOnNextNavigation();
    setParams((current) => withStep(current, false), { replace: true });
  }, [stale, setParams]);
  return { shown: onCodeStep && !stale, move };
}
