import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { createPath, type To, useHref, useLocation, useNavigate, useResolvedPath } from 'react-router';
import { keepScrollOnNextNavigation } from '@/lib/scroll';

export type RouterLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** A path of this app (never an external URL: use a plain `a` for those). */
  to: To;
  replace?: boolean;
  state?: unknown;
  /** Keep the scroll position (tabs that change part of the page) instead of going to the top. */
  preventScrollReset?: boolean;
  ref?: Ref<HTMLAnchorElement>;
};

function isModified(event: MouseEvent): boolean {
  return event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
}

/**
 * react-router's <Link>, the part this app uses: an anchor whose plain left click navigates inside the app (a
 * link to the page already shown replaces it); a modified click or another target is left to the browser. Our own
 * because react-router's is defined in its DOM module beside <Form> and the data-router helpers (prefetching, route
 * discovery), which come with any export of that module. With NavLink below and lib/search-params.ts, nothing of it
 * is used, which keeps about 4 KB gzip off every first load (docs/performance.md).
 */
export function RouterLink({ to, replace, state, preventScrollReset, target, onClick, ref, ...rest }: RouterLinkProps) {
  const href = useHref(to);
  const navigate = useNavigate();
  const location = useLocation();
  const path = useResolvedPath(to);

  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self') || isModified(event)) return;
    event.preventDefault();
    if (preventScrollReset) keepScrollOnNextNavigation();
    navigate(to, {
      replace: replace ?? createPath(location) === createPath(path),
      state,
      preventScrollReset,
    });
  };

  return <a {...rest} ref={ref} href={href} target={target} onClick={handleClick} />;
}

/**
 * react-router's <NavLink>, the part this app uses: a RouterLink with the class `active` and aria-current="page"
 * while the location is its path or below it (`end`: its path only). Case-insensitive, as react-router's.
 */
export function NavLink({ end = false, className, ...props }: RouterLinkProps & { end?: boolean }) {
  const location = useLocation().pathname.toLowerCase();
  const target = useResolvedPath(props.to).pathname.toLowerCase();
  const slashAt = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const active = location === target || (!end && location.startsWith(target) && location.charAt(slashAt) === '/');
  return (
    <RouterLink
      {...props}
      className={[className, active ? 'active' : ''].filter(Boolean).join(' ') || undefined}
      aria-current={active ? 'page' : undefined}
    />
  );
}
