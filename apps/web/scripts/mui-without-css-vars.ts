import type { Plugin } from 'vite';

const PREFIX = '\0prata-mui-without-css-vars:';

/** Which MUI module, imported from which of MUI's own files, this build replaces. */
const STUBS: Record<string, { importer: RegExp; code: string }> = {
  './createThemeWithVars.mjs': {
    importer: /@mui[\\/]material[\\/]styles[\\/]createTheme\.mjs$/,
    code: 'export default function createThemeWithVars() { throw new Error(MESSAGE); }',
  },
  './ThemeProviderWithVars.mjs': {
    importer: /@mui[\\/]material[\\/]styles[\\/]ThemeProvider\.mjs$/,
    code: 'export function CssVarsProvider() { throw new Error(MESSAGE); }',
  },
};

const MESSAGE =
  'The theme uses CSS variables or colorSchemes, which this build strips (apps/web/scripts/mui-without-css-vars.ts): remove the plugin from vite.config.ts.';

/**
 * Our theme (src/app/theme.ts) has a palette and neither `cssVariables` nor `colorSchemes`, so MUI's createTheme
 * always takes its "as v5" path (createThemeNoVars) and ThemeProvider always renders ThemeProviderNoVars. Their
 * CSS-variables branches (createThemeWithVars, CssVarsProvider with its color-scheme storage and init script) are
 * still imported statically and weigh about 7 KB gzip on every page's first load; this build replaces those two
 * imports, from those two MUI files only, with stubs that throw a clear error if the theme ever needs them.
 * Tests (vitest) use MUI unchanged.
 */
export function muiWithoutCssVars(): Plugin {
  return {
    name: 'prata-mui-without-css-vars',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const stub = STUBS[source];
      if (stub && importer && stub.importer.test(importer)) return `${PREFIX}${source}`;
      return null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const stub = STUBS[id.slice(PREFIX.length)];
      return stub ? `const MESSAGE = ${JSON.stringify(MESSAGE)};\n${stub.code}\n` : null;
    },
  };
}
