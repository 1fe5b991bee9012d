import type { Plugin } from 'vite';

/** `Link.displayName = "Link";` at the start of a line of react-router's bundled files. */
const DISPLAY_NAME = /^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm;
/** `var Link = React.forwardRef(`, `var RouteContext = React.createContext(`, `var X = React3.memo(` at top level. */
const REACT_FACTORY = /^(var [A-Za-z_$][\w$]* = )(React\d*\.(?:forwardRef|createContext|memo)\()/gm;

/**
 * react-router 7 (the newest that installs on Node 20, decisions.md) bundles its core, its DOM components (Link,
 * NavLink, Form, ScrollRestoration) and the data router's contexts in one file, creates each with an unannotated
 * top-level `React.forwardRef(...)`/`createContext(...)` and names it with `X.displayName = "X"`. To the bundler both
 * are side effects, so every one of them stayed in the router chunk whether the app used it or not: 4.4 KB gzip on
 * every first load (/login 153.1 KB against its budget of 150; react-router 8 had split them out). This build, for
 * react-router's files only, marks those factory calls pure and drops the display names (which only React's dev tools
 * read): /login 148.9 KB. Tests (vitest) use react-router unchanged.
 */
export function reactRouterTreeShaking(): Plugin {
  return {
    name: 'prata-react-router-tree-shaking',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/].*\.mjs$/ },
      handler(code) {
        const out = code.replace(DISPLAY_NAME, '').replace(REACT_FACTORY, '$1/* @__PURE__ */ $2');
        return out === code ? null : { code: out, map: null };
      },
    },
  };
}
