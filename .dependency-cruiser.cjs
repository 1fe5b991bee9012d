/**
 * The import boundaries of docs/ARCHITECTURE.md, checked by `npm run lint` (and so by CI):
 * - no import circles anywhere;
 * - a feature (server or web) uses another feature only through that feature's index.ts;
 * - plugins, the ledger, lib, db, adapters and messaging import no feature;
 * - the ledger is used from outside apps/server/src/ledger only through ledger/index.ts;
 * - packages/domain imports nothing of the apps.
 */
const FEATURE = '^apps/(server|web)/src/features/([^/]+)/';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import circle ties modules together so none can be understood or tested alone.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'feature-through-index',
      comment: "A feature reaches another feature only through the other's index.ts (its public surface).",
      severity: 'error',
      from: { path: FEATURE },
      to: {
        path: '^apps/(server|web)/src/features/([^/]+)/',
        pathNot: ['^apps/$1/src/features/$2/', '^apps/(server|web)/src/features/[^/]+/index\\.tsx?$'],
      },
    },
    {
      name: 'outside-through-index',
      comment:
        'Code outside the features (app wiring, seeds, scripts, the web shell) uses a feature through its index.ts.',
      severity: 'error',
      from: { path: '^apps/(server|web)/src/', pathNot: [FEATURE, '\\.test\\.tsx?$'] },
      to: {
        path: '^apps/(server|web)/src/features/[^/]+/',
        pathNot: '^apps/(server|web)/src/features/[^/]+/index\\.tsx?$',
        // The web router loads each page lazily (its own chunk): a dynamic import of a page is the one exception.
        dependencyTypesNot: ['dynamic-import'],
      },
    },
    {
      name: 'core-imports-no-feature',
      comment: 'Plugins, the ledger, lib, db, adapters and messaging are below the features and import none.',
      severity: 'error',
      from: { path: '^apps/server/src/(plugins|ledger|lib|db|adapters|messaging)/' },
      to: { path: '^apps/server/src/features/' },
    },
    {
      name: 'ledger-through-index',
      comment:
        'The ledger is used only through ledger/index.ts (its public surface): its plan, SQL and accounts stay its own.',
      severity: 'error',
      from: { path: '^apps/server/src/', pathNot: '^apps/server/src/ledger/' },
      to: { path: '^apps/server/src/ledger/', pathNot: '^apps/server/src/ledger/index\\.ts$' },
    },
    {
      name: 'domain-is-pure',
      comment: 'packages/domain is shared by server and browser: it imports nothing of the apps.',
      severity: 'error',
      from: { path: '^packages/domain/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    tsConfig: { fileName: 'tsconfig.base.json' },
  },
};
