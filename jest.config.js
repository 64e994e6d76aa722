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
// JEST_UNIT=0: without the unit files (*.spec.ts, *.spec.tsx), which touch no database: CI runs them once, in the
// embedded pass, and the PostgreSQL pass leaves them out (jest.groups.js, withoutUnit)
// (a grouped run runs them all in one file, test/groups/units.group-spec.ts)
const unit = !groups.withoutUnit();
// JEST_WITH_SLOW=1: a grouped run takes the slow checks for this database as files of their own beside the groups, so
// their long files fill the workers the groups leave idle at the end (CI's passes, .ci/run)
const withSlow = grouped && process.env.JEST_WITH_SLOW === '1';
const slowMatch = () => groups.slowFiles().map((f) => `**/test/e2e/${f}`);
const testMatch = slow
  ? slowMatch()
  : grouped
    ? ['**/test/groups/group-*.group-spec.ts', ...(unit ? ['**/test/groups/units.group-spec.ts', ...groups.unitFilesAlone().map((f) => `<rootDir>/${f}`)] : []), ...(withSlow ? slowMatch() : [])]
    : [...(unit ? ['**/*.spec.ts', '**/*.spec.tsx'] : []), '**/*.e2e-spec.ts'];

// JEST_BROWSER=0: without the files that drive Chromium (jest.groups.js, browserFiles)
const ignoredBrowserFiles = groups.withoutBrowser() ? groups.browserFiles().map((f) => `/test/e2e/${f.replace(/\./g, '\\.')}$`) : [];

const swcTsx = ['@swc/jest', { ...swc[1], jsc: { ...swc[1].jsc, parser: { syntax: 'typescript', tsx: true }, transform: { ...swc[1].jsc.transform, react: { runtime: 'automatic' } } } }];

module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test', '<rootDir>/web/src'],
  testMatch,
  testPathIgnorePatterns: ['/node_modules/', ...ignoredBrowserFiles],
  transform: { '^.+\\.tsx$': swcTsx, '^.+\\.(t|j|mj)s$': swc },
  transformIgnorePatterns: ['/node_modules/(?!(@nestjs|file-type|oauth4webapi)/)'],
  // every response of the e2e suite is checked against openapi.json (test/helpers/contract.ts)
  setupFilesAfterEnv: ['<rootDir>/test/helpers/contract-setup.ts'],
  // the test database templates, built once before the workers start (test/helpers/global-setup.ts)
  globalSetup: '<rootDir>/test/helpers/global-setup.ts',
  testTimeout: groups.TEST_TIMEOUT,
  // a clean clone has no timings: the group files (short, long to run) would start last (jest.sequencer.js)
  testSequencer: '<rootDir>/jest.sequencer.js',
  // four on the 2-core machines this runs on: a worker waits on PostgreSQL, Chromium and timers about half of its time (docs/performance.md, "Test suite")
  maxWorkers: 4,
};
