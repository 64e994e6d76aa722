import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import tseslint from 'typescript-eslint';

/**
 * Import boundaries (docs/architecture.md): domain modules never import an interface, no interface
 * imports another, domain layers only import those below them, and nothing imports the CLI, the
 * entry points or the root wiring (src/*.ts).
 */
const INTERFACES = ['rest', 'oauth', 'scim', 'erp', 'webhooks', 'mcp', 'web', 'cli'];
const elements = [
  { type: 'health', pattern: 'src/health' },
  ...INTERFACES.map((name) => ({ type: name, pattern: `src/${name}` })),
  { type: 'demo', pattern: 'src/demo' },
  { type: 'crm', pattern: 'src/crm' },
  { type: 'identity', pattern: 'src/identity' },
  { type: 'workspace', pattern: 'src/workspace' },
  { type: 'events', pattern: 'src/events' },
  { type: 'infra', pattern: ['src/common', 'src/database', 'src/config'] },
];
const DOMAIN = ['crm', 'identity', 'workspace', 'events'];
const base = [...DOMAIN, 'infra'];
/** Domain layers, each may use those below it: crm → identity → workspace → events → infra. */
const below = { crm: ['crm', 'identity', 'workspace', 'events', 'infra'], identity: ['identity', 'workspace', 'events', 'infra'], workspace: ['workspace', 'events', 'infra'], events: ['events', 'infra'] };
const boundaryPolicies = [
  { from: { element: { type: 'health' } }, allow: { to: { element: { types: { anyOf: base } } } } },
  ...INTERFACES.map((name) => ({ from: { element: { type: name } }, allow: { to: { element: { types: { anyOf: [name, ...(name === 'cli' ? ['demo'] : []), ...base] } } } } })),
  { from: { element: { type: 'demo' } }, allow: { to: { element: { types: { anyOf: ['demo', ...base] } } } } },
  ...Object.entries(below).map(([type, allowed]) => ({ from: { element: { type } }, allow: { to: { element: { types: { anyOf: allowed } } } } })),
  // infrastructure knows the entities (data source, outbox) but no interface
  { from: { element: { type: 'infra' } }, allow: { to: { element: { types: { anyOf: base } } } } },
];

/** Domain code reaches tenant tables only through `uow.tenant(ws)` (TenantDb), which binds every statement to one workspace. */
const TENANCY = 'tenant tables only through this.uow.tenant(ws) (src/database/tenant-db.ts): no unscoped manager, repository or query builder in domain code';
const tenancyRules = {
  'no-restricted-syntax': [
    'error',
    { selector: "MemberExpression[object.property.name='uow'][property.name=/^(manager|repo)$/]", message: TENANCY },
    { selector: "CallExpression[callee.property.name=/^(run|runDetached)$/] > :function[params.length>0]", message: `uow.run(() => …) takes no manager: ${TENANCY}` },
    { selector: "CallExpression[callee.property.name=/^(getRepository|createQueryBuilder)$/]", message: TENANCY },
  ],
  'no-restricted-imports': [
    'error',
    {
      paths: [
        { name: 'typeorm', importNames: ['EntityManager', 'DataSource', 'Repository', 'getRepository'], message: TENANCY },
        { name: '@nestjs/typeorm', message: TENANCY },
      ],
    },
  ],
};

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
    files: ['src/crm/**/*.ts', 'src/identity/**/*.ts'],
    rules: tenancyRules,
  },
  {
    // the entry points and the root wiring may import everything
    files: ['src/*.ts', 'src/cli/main.ts', 'src/cli/cli.module.ts'],
    rules: { 'boundaries/no-unknown-dependencies': 'off', 'boundaries/dependencies': 'off' },
  },
  {
    files: ['test/**/*.ts', 'src/**/*.spec.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
