/** CommonJS jest with @swc/jest: NestJS 12 is ESM-only, so @nestjs is transformed too (see docs/decisions/performance-and-tests.md). */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

/** The web app's pure parts (spec files under web/src): the same transform with JSX (automatic runtime). */
/**
 * With no path or test filter (or JEST_GROUPS=1) the e2e files run in groups (jest.groups.js: modules load
 * once per group, not once per file); a path, `-t` or JEST_GROUPS=0 runs files on their own.
 */
const groups = require('./jest.groups');
const grouped = groups.groupedRun();
// JEST_SLOW=1 (`npm run test:slow`): the slow checks alone, those for this database (jest.groups.js, slowFiles)
const slow = process.env.JEST_SLOW === '1';
const unitMatch = ['**/*.spec.ts', '**/*.spec.tsx'];
const e2eMatch = (files) => files.map((f) => `**/test/e2e/${f}`);
const browserIgnored = () => groups.browserFiles().map((f) => `/test/e2e/${f.replace(/\./g, '\\.')}$`);

/**
 * The files of one run on one database (env: that run's JEST_* and DATABASE_URL): the slow checks alone, the grouped
 * suite, or every file; JEST_UNIT=0 without the unit files, JEST_BROWSER=0 without the browser files,
 * JEST_WITH_SLOW=1 with the slow checks for that database in the same run (jest.groups.js).
 */
function filesOf(env) {
  const unit = groups.withoutUnit(env) ? [] : unitMatch;
  const withSlow = env.JEST_WITH_SLOW === '1' ? e2eMatch(groups.slowFiles(env)) : [];
  const testMatch = slow
    ? e2eMatch(groups.slowFiles(env))
    : grouped
      ? [...unit, '**/test/groups/*.group-spec.ts', ...e2eMatch(groups.SINGLE), ...withSlow]
      : [...unit, '**/*.e2e-spec.ts'];
  return { testMatch, testPathIgnorePatterns: ['/node_modules/', ...(groups.withoutBrowser(env) ? browserIgnored() : [])] };
}

const swcTsx = ['@swc/jest', { ...swc[1], jsc: { ...swc[1].jsc, parser: { syntax: 'typescript', tsx: true }, transform: { ...swc[1].jsc.transform, react: { runtime: 'automatic' } } } }];

/** What every file of every run shares. */
const common = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test', '<rootDir>/web/src'],
  transform: { '^.+\\.tsx$': swcTsx, '^.+\\.(t|j|mj)s$': swc },
  transformIgnorePatterns: ['/node_modules/(?!(@nestjs|file-type|oauth4webapi)/)'],
  // every response of the e2e suite is checked against openapi.json (test/helpers/contract.ts)
  setupFilesAfterEnv: ['<rootDir>/test/helpers/contract-setup.ts'],
  // the test database templates, built once before the workers start (test/helpers/global-setup.ts)
  globalSetup: '<rootDir>/test/helpers/global-setup.ts',
};

/**
 * JEST_DATABASES=both (CI, .ci/run): one run over both databases, as two jest projects that share one pool of workers,
 * so that a worker done with one database's files takes the other's instead of idling while the other pass ends
 * (docs/decisions/performance-and-tests.md, "Test suite"). DATABASE_URL is the PostgreSQL server; the embedded
 * project's files see it empty (test/helpers/embedded-project.ts) and leave out the browser and unit files, which the
 * PostgreSQL project runs (jest.groups.js, bothDatabases).
 */
const both = process.env.JEST_DATABASES === 'both';
if (both && !process.env.DATABASE_URL) throw new Error('JEST_DATABASES=both needs DATABASE_URL (the PostgreSQL server)');

module.exports = both
  ? {
      projects: groups.bothDatabases(process.env).map(({ name, env }) => ({
        ...common,
        displayName: name,
        ...filesOf(env),
        // the project's environment (DATABASE_URL, JEST_BROWSER, JEST_UNIT) in each of its files' process.env
        setupFiles: name === 'embedded' ? ['<rootDir>/test/helpers/embedded-project.ts'] : [],
      })),
      // options of the whole run, not of a project
      testTimeout: groups.TEST_TIMEOUT,
      testSequencer: '<rootDir>/jest.sequencer.js',
      maxWorkers: 8,
    }
  : {
      ...common,
      ...filesOf(process.env),
      testTimeout: groups.TEST_TIMEOUT,
      // a clean clone has no timings: the group files (short, long to run) would start last (jest.sequencer.js)
      testSequencer: '<rootDir>/jest.sequencer.js',
      // four on the 2-core machines this runs on: a worker waits on PostgreSQL, Chromium and timers about half of its time (docs/performance.md, "Test suite")
      maxWorkers: 4,
    };
