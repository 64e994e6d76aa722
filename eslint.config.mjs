import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import crm from './lint/feature-cycles.mjs';

/**
 * Import boundaries (docs/architecture.md): four rings, each importing only rings further in.
 *   interfaces (src/interfaces/<name>: rest, mcp, oauth, scim, erp, web, cli) → edge (src/edge: the shared
 *   HTTP kit) → domain (src/domain/<part>) → platform (src/platform: database, outbox, config, common, net).
 * No interface imports another; the domain parts import each other downwards only (crm → integrations →
 * identity → workspace); the platform imports nothing above it. The entry points and the root wiring
 * (src/*.ts) are not elements: nothing imports them.
 */
const INTERFACES = ['rest', 'oauth', 'scim', 'erp', 'mcp', 'web', 'cli'];
/** Domain parts, each may use those after it in its list. */
const DOMAIN_BELOW = {
  demo: ['crm', 'integrations', 'identity', 'workspace'],
  crm: ['integrations', 'identity', 'workspace'],
  integrations: ['identity', 'workspace'],
  identity: ['workspace'],
  workspace: [],
};
const DOMAIN = Object.keys(DOMAIN_BELOW);
/**
 * The CRM's features (src/domain/crm/<feature>) are elements of their own, beside the kit they share (crm/shared:
 * access, refs, paging, search, duplicate check) and the CRM root (crm.module.ts). A feature uses another only through
 * its public entry (`<feature>/index.ts`) or reads its table through an entity file (`*.entity.ts`, the record model
 * every feature may query); crm/shared uses no feature but their entities. Cycles between features: lint/feature-cycles.mjs.
 */
const CRM = ['domain/crm', 'crm/shared', 'crm/feature'];
const FEATURE_ENTRY = ['index.ts', '*.entity.ts'];
/**
 * The REST interface is cut in slices, one folder per record kind or interface area (src/interfaces/rest/<slice>:
 * its controllers, DTOs, response schemas and mappers), beside the kit they share (rest/shared: the list envelope,
 * the field decorators, the common schemas) and the root (rest.module.ts, webhooks.module.ts: the wiring). A slice
 * uses another only through what it documents or validates: its schemas, DTOs and mappers (Today's answer holds
 * company cards, an export takes the list's query), never its controller; rest/shared uses no slice.
 */
const REST = ['interfaces/rest', 'rest/shared', 'rest/slice'];
const REST_SLICE_ENTRY = ['*.schema.ts', '*.dto.ts', '*.mapper.ts'];
const elements = [
  { type: 'rest/shared', pattern: 'src/interfaces/rest/shared' },
  { type: 'rest/slice', pattern: 'src/interfaces/rest/*', capture: ['slice'] },
  ...INTERFACES.map((name) => ({ type: `interfaces/${name}`, pattern: `src/interfaces/${name}` })),
  { type: 'edge', pattern: 'src/edge' },
  { type: 'crm/shared', pattern: 'src/domain/crm/shared' },
  { type: 'crm/feature', pattern: 'src/domain/crm/*', capture: ['feature'] },
  ...DOMAIN.map((name) => ({ type: `domain/${name}`, pattern: `src/domain/${name}` })),
  { type: 'platform', pattern: 'src/platform' },
];
/** The element types of a domain part (the CRM is three: root, shared kit, features). */
const typesOf = (d) => (d === 'crm' ? CRM : [`domain/${d}`]);
const domainTypes = DOMAIN.flatMap(typesOf);
const allow = (from, to) => ({ from: { element: { type: from } }, allow: { to: { element: { types: { anyOf: to } } } } });
const boundaryPolicies = [
  ...INTERFACES.map((name) => allow(`interfaces/${name}`, [...(name === 'rest' ? REST : [`interfaces/${name}`]), 'edge', ...domainTypes, 'platform'])),
  ...['rest/shared', 'rest/slice'].map((from) => allow(from, ['rest/shared', 'edge', ...domainTypes, 'platform'])),
  { from: { element: { type: 'rest/slice' } }, allow: { to: { element: { type: 'rest/slice', captured: { slice: '{{ from.element.captured.slice }}' } } } } },
  { from: { element: { type: 'rest/slice' } }, allow: { to: { element: { type: 'rest/slice', fileInternalPath: REST_SLICE_ENTRY } } } },
  allow('edge', ['edge', ...domainTypes, 'platform']),
  ...Object.entries(DOMAIN_BELOW).map(([d, below]) => allow(`domain/${d}`, [...typesOf(d), ...below.flatMap(typesOf), 'platform'])),
  ...['crm/shared', 'crm/feature'].map((from) => allow(from, ['crm/shared', ...DOMAIN_BELOW.crm.flatMap(typesOf), 'platform'])),
  { from: { element: { type: 'crm/feature' } }, allow: { to: { element: { type: 'crm/feature', captured: { feature: '{{ from.element.captured.feature }}' } } } } },
  { from: { element: { type: 'crm/feature' } }, allow: { to: { element: { type: 'crm/feature', fileInternalPath: FEATURE_ENTRY } } } },
  { from: { element: { type: 'crm/shared' } }, allow: { to: { element: { type: 'crm/feature', fileInternalPath: '*.entity.ts' } } } },
  allow('platform', ['platform']),
];

/**
 * The web app's parts (docs/architecture.md, "The web app"), held apart the way the service's rings are:
 *   lib (web/src/lib: the API client, session, i18n, formatting) ← shell (web/src/shell: layout, list screen, forms,
 *   pickers, states) ← features (web/src/features/<kind>: one record kind's pages, forms, parts and `queries.ts`).
 * The lib knows nothing above it, the shell no feature; a feature uses another only through its public entries:
 * `index.ts` (what it offers other screens) and `queries.ts` (its query keys and hooks, so a write can refresh every
 * screen that shows what it changed). The router (web/src/main.tsx) is no element: it imports every screen.
 * Every screen is a feature's (settings, workflows, reports and imports included): lint refuses a file outside lib,
 * shell, features and the router (boundaries/no-unknown-files).
 */
const WEB_ENTRY = ['index.ts', 'queries.ts'];
const webElements = [
  { type: 'web/lib', pattern: 'web/src/lib' },
  { type: 'web/shell', pattern: 'web/src/shell' },
  { type: 'web/feature', pattern: 'web/src/features/*', capture: ['feature'] },
  { type: 'client', pattern: 'client' },
];
const webPolicies = [
  allow('web/lib', ['web/lib', 'client']),
  allow('web/shell', ['web/shell', 'web/lib']),
  allow('web/feature', ['web/shell', 'web/lib']),
  { from: { element: { type: 'web/feature' } }, allow: { to: { element: { type: 'web/feature', captured: { feature: '{{ from.element.captured.feature }}' } } } } },
  { from: { element: { type: 'web/feature' } }, allow: { to: { element: { type: 'web/feature', fileInternalPath: WEB_ENTRY } } } },
];

/**
 * Tenancy: outside src/platform, code reaches tenant tables only through `uow.tenant(workspaceId)`
 * (TenantDb), which binds every statement to one workspace; the EntityManager never leaves the platform.
 * Work that spans every workspace (workers claiming from all of them, the workspace registry) uses the
 * explicit `uow.acrossWorkspaces()`, allowed in the platform and in the files of ACROSS_WORKSPACES only.
 * The root wiring (src/*.ts) is held to them too: it registers entities and modules and needs no query.
 */
const TENANCY = 'tenant tables only through this.uow.tenant(workspaceId) (src/platform/database/tenant-db.ts): no unscoped manager, repository, query builder, data source or database client outside src/platform';
const ACROSS = 'uow.acrossWorkspaces() is not bound to a workspace: only src/platform and the files in ACROSS_WORKSPACES (eslint.config.mjs) may use it; use this.uow.tenant(workspaceId)';
/** Files outside the platform whose work spans every workspace (each says why in its header comment). */
const ACROSS_WORKSPACES = [
  'src/domain/workspace/workspace.service.ts', // the registry: a slug is looked up before any workspace is known
  'src/domain/integrations/webhook-worker.ts', // claims outbox events and deliveries of every workspace
  'src/domain/crm/imports/import-claim.ts', // claims import jobs of every workspace
  'src/domain/crm/workflows/workflow-claim.ts', // finds workspaces with workflow work and claims due runs of every workspace
];
const tenancySyntax = [
  { selector: "MemberExpression[property.name=/^(manager|repo)$/]:matches([object.name='uow'], [object.property.name='uow'])", message: TENANCY },
  { selector: "CallExpression[callee.property.name=/^(run|runDetached)$/] > :function[params.length>0]", message: `uow.run(() => …) takes no manager: ${TENANCY}` },
  { selector: "CallExpression[callee.property.name=/^(getRepository|createQueryBuilder|createQueryRunner)$/]", message: TENANCY },
];
const CORE_WIRING = 'the core wiring and the CLI module stay below the HTTP interfaces: the platform and the domain only (src/core.module.ts)';
const acrossSyntax = { selector: "MemberExpression[property.name='acrossWorkspaces']", message: ACROSS };
const tenancyRules = (syntax, patterns = []) => ({
  'no-restricted-syntax': ['error', ...syntax],
  'no-restricted-imports': [
    'error',
    {
      ...(patterns.length ? { patterns } : {}),
      paths: [
        { name: 'typeorm', importNames: ['EntityManager', 'DataSource', 'Repository', 'QueryRunner', 'getRepository'], message: TENANCY },
        { name: '@nestjs/typeorm', message: TENANCY },
        { name: 'pg', message: TENANCY },
        { name: '@electric-sql/pglite', message: TENANCY },
      ],
    },
  ],
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', 'scripts/**', '*.js', '*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-unsafe-function-type': 'off',
      'no-console': 'error',
    },
  },
  {
    files: ['src/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': elements,
      'boundaries/include': ['src/**/*.ts'],
      'import/resolver': { node: { extensions: ['.ts', '.js'] } },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', policies: boundaryPolicies }],
      // the entry points and the app wiring (src/*.ts) are not elements: importing them is an error
      'boundaries/no-unknown-dependencies': 'error',
    },
  },
  {
    files: ['web/src/**/*.ts', 'web/src/**/*.tsx'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': webElements,
      'boundaries/include': ['web/src/**/*', 'client/**/*'],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', policies: webPolicies }],
      // a file outside lib, shell and the features is in no element: its imports would go unchecked
      'boundaries/no-unknown-files': 'error',
    },
  },
  {
    // the router imports every screen; the Vite types declaration holds no code
    files: ['web/src/main.tsx', 'web/src/vite-env.d.ts'],
    rules: { 'boundaries/dependencies': 'off', 'boundaries/no-unknown-files': 'off' },
  },
  {
    // the web app is held to the service's sizes, components to 150 lines, and to the rules of hooks
    files: ['web/src/**/*.ts', 'web/src/**/*.tsx'],
    ignores: ['web/src/**/*.spec.ts', 'web/src/**/*.spec.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'max-lines': ['error', { max: 400 }],
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['src/domain/crm/**/*.ts'],
    plugins: { crm },
    rules: { 'crm/feature-cycles': 'error' },
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/platform/**'],
    rules: tenancyRules([...tenancySyntax, acrossSyntax]),
  },
  {
    files: ACROSS_WORKSPACES,
    rules: tenancyRules(tenancySyntax),
  },
  {
    // The core wiring (src/core.module.ts: the platform and the domain) and the admin CLI's module, which runs over it
    // alone, import no HTTP interface, no edge and not the app: a CLI command loads none of their files and libraries.
    files: ['src/core.module.ts', 'src/interfaces/cli/cli.module.ts'],
    rules: tenancyRules([...tenancySyntax, acrossSyntax], [{ group: ['**/interfaces/**', '**/edge/**', '**/app.module', '**/app.factory'], message: CORE_WIRING }]),
  },
  {
    // Sizes: a file over 400 lines or a function over 80 (blank lines and comments aside) holds
    // more than one reason to change; split it by reason (pure rules apart from I/O, one function per step).
    // Declarative tables that must stay whole (migrations) are left out by pattern; a single table elsewhere
    // may carry an eslint-disable-next-line comment that says why. test/unit/structure/size-lint.spec.ts shows both rules.
    files: ['src/**/*.ts'],
    ignores: [
      'src/**/*.spec.ts',
      'src/platform/database/migrations/**',
    ],
    rules: {
      'max-lines': ['error', { max: 400 }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // the entry points and the root wiring may import everything
    files: ['src/*.ts', 'src/interfaces/cli/main.ts', 'src/interfaces/cli/cli.module.ts'],
    rules: { 'boundaries/no-unknown-dependencies': 'off', 'boundaries/dependencies': 'off' },
  },
  {
    files: ['test/**/*.ts', 'src/**/*.spec.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
