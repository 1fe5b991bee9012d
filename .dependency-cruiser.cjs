/**
 * The import boundaries of docs/ARCHITECTURE.md, checked by `npm run lint` (and so by CI):
 * - no import circles anywhere;
 * - a feature (server or web) uses another feature only through that feature's index.ts (on the web, the back
 *   office's pieces through the feature's admin/index.ts, so that customer pages never load them);
 * - plugins, the ledger, lib, db, adapters and messaging import no feature;
 * - the web's back-office modules (features/<x>/admin/) are imported only by the back office;
 * - the web's shared components and lib import no feature and nothing of the app shell;
 * - the ledger is used from outside apps/server/src/ledger only through ledger/index.ts;
 * - packages/domain imports nothing of the apps;
 * - a server feature runs SQL only in its repository (`repository.ts` or `repository/`): nothing else of it imports the
 *   query builder, the tables or the raw SQL helpers.
 */
const FEATURE = '^apps/(server|web)/src/features/([^/]+)/';
const FEATURE_INDEX = '^apps/(server|web)/src/features/[^/]+/index\\.tsx?$';
/** A web feature's back-office surface, apart from its index.ts (which customer pages import). */
const WEB_ADMIN_INDEX = '^apps/web/src/features/[^/]+/admin/index\\.tsx?$';

/**
 * What running SQL takes: drizzle's query builder and `sql` template, the tables of db/schema, and the raw helpers of
 * db/sql.ts (`rows`, `preparedRows`). Types (`import type`: a row's type, `SQL`) run nothing and are free; so are
 * db/client.ts (`Executor`, `Tx`), db/tx.ts (`withTransaction`) and db/integers.ts (`int`, reading a bigint's text).
 */
const SQL_MODULES = ['(^|/)node_modules/drizzle-orm/', '^apps/server/src/db/(schema/|sql\\.ts$)'];

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
      comment:
        "A feature reaches another feature only through the other's index.ts (its public surface); on the web, a " +
        "back-office piece through the other's admin/index.ts, which customer pages never import.",
      severity: 'error',
      from: { path: FEATURE },
      to: {
        path: '^apps/(server|web)/src/features/([^/]+)/',
        pathNot: ['^apps/$1/src/features/$2/', FEATURE_INDEX, WEB_ADMIN_INDEX],
      },
    },
    {
      name: 'outside-through-index',
      comment:
        'Code outside the features (app wiring, seeds, scripts, the web shell) uses a feature through its index.ts ' +
        "(the web's /admin shell: also through a feature's admin/index.ts).",
      severity: 'error',
      from: { path: '^apps/(server|web)/src/', pathNot: [FEATURE, '\\.test\\.tsx?$'] },
      to: {
        path: '^apps/(server|web)/src/features/[^/]+/',
        pathNot: [FEATURE_INDEX, WEB_ADMIN_INDEX],
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
      name: 'web-admin-only-from-admin',
      comment:
        "The back office's modules (a web feature's admin/ folder) are imported only by the back office (another " +
        "feature's admin/, app/admin/): a customer's page that reached one would download it.",
      severity: 'error',
      from: { path: '^apps/web/src/', pathNot: ['^apps/web/src/features/[^/]+/admin/', '^apps/web/src/app/admin/'] },
      to: { path: '^apps/web/src/features/[^/]+/admin/' },
    },
    {
      name: 'web-shared-imports-no-feature',
      comment:
        "The web's shared layer (components, lib: the back office's review queue, cache keys) is below the features " +
        'and the app shell, and imports neither: imports flow shared -> features -> app.',
      severity: 'error',
      from: { path: '^apps/web/src/(components|lib)/' },
      to: { path: '^apps/web/src/(features|app)/' },
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
      name: 'orders-core-is-pure',
      comment:
        "The order path's rules (features/orders/core) know no I/O: no database, no ledger beyond its types, no web " +
        'framework, no clock of their own (docs/orders.md). The engine reads, the core decides, the repository writes.',
      severity: 'error',
      from: { path: '^apps/server/src/features/orders/core/', pathNot: '\\.test\\.ts$' },
      to: {
        pathNot: [
          '^apps/server/src/features/orders/(core|matching)/',
          '^apps/server/src/lib/errors\\.ts$',
          '^packages/domain/',
          '^@prata/domain$',
          // the ledger's command types only (`import type`: core/purity.test.ts checks it, as this parser cannot)
          '^apps/server/src/ledger/index\\.ts$',
        ],
      },
    },
    {
      name: 'matching-rules-in-core',
      comment:
        'The matching rules live in features/orders/core (and its book, matching/): only the core and the tests use ' +
        'the book.',
      severity: 'error',
      from: {
        pathNot: ['^apps/server/src/features/orders/(core|matching)/', '\\.test\\.ts$'],
      },
      to: { path: '^apps/server/src/features/orders/matching/' },
    },
    {
      name: 'sql-in-repositories',
      comment:
        "A feature's SQL lives in its repository (`repository.ts`, `<what>-repository.ts` or `repository/`): services, routes, presenters and " +
        'demos call repository functions and never build a query, so every query of a feature is found in one place ' +
        '(docs/CODE_STYLE.md). Tests and their helpers may read the database directly.',
      severity: 'error',
      from: {
        path: '^apps/server/src/features/',
        pathNot: [
          '^apps/server/src/features/[^/]+/repository(\\.ts$|/)',
          '^apps/server/src/features/[^/]+/[a-z-]+-repository\\.ts$',
          '\\.test\\.ts$',
          '/test-helpers\\.ts$',
        ],
      },
      to: { path: SQL_MODULES, dependencyTypesNot: ['type-only'] },
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
    // drizzle-orm stays in the graph (not followed) for `sql-in-repositories`
    exclude: { path: ['(^|/)dist/', '(^|/)node_modules/(?!drizzle-orm/)'] },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    tsConfig: { fileName: 'tsconfig.base.json' },
    // `@/x`: the importing app's src/x (apps/<app>/tsconfig.json), resolved as .dependency-cruiser-resolve.cjs says
    webpackConfig: { fileName: '.dependency-cruiser-resolve.cjs' },
  },
};
