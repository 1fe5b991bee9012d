import type { Plugin } from 'vite';

/**
 * MUI's styled engine (@mui/styled-engine/index.mjs) calls Emotion's `styled` only as a function, `styled(tag,
 * options)`, and never as `styled.div`. The package's default export is that same function (`@emotion/styled/base`)
 * with a styled component made for each of 138 HTML and SVG tags attached, at module load: about a tenth of the time
 * the first page spends evaluating its modules (docs/performance.md, the catalogue's first visit). This build gives
 * the styled engine, and only it, the base function. Tests (vitest) use MUI unchanged.
 */
export function emotionStyledBase(): Plugin {
  return {
    name: 'prata-emotion-styled-base',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== '@emotion/styled' || !importer || !/@mui[\\/]styled-engine[\\/]/.test(importer)) return null;
      return this.resolve('@emotion/styled/base', importer, { ...options, skipSelf: true });
    },
  };
}
