/**
 * Grouped e2e runs (docs/performance.md "Test suite"): when `npm test` runs the whole suite, the
 * e2e files run inside a few group files (test/groups/group-<n>.group-spec.ts, run by test/groups/run-group.ts), so jest loads Nest, the
 * app and the helpers once per group instead of once per file. Each e2e file runs inside its own
 * `describe('<file>')`, so its top-level hooks stay scoped to it. `npm test -- <path>` runs files as before.
 * Plain CommonJS: jest.config.js reads it before any transform.
 */
const { readdirSync, readFileSync } = require('node:fs');
const { join, sep } = require('node:path');

/** The number of group files (test/groups/group-1 … group-N.group-spec.ts must exist). */
const GROUPS = 8;
/**
 * The suite's default test timeout (jest.config.js); a group restores it after its files set theirs. It ends a hang,
 * it does not measure speed (a browser action has its own 60 s, test/helpers/browser.ts): CI runs two passes of four
 * workers beside lint on two cores, and there a browser test of 19 s on a quiet machine went past the 120 s it had.
 */
const TEST_TIMEOUT = 300_000;
/**
 * The slow checks: fuzzing, the 50k-200k-row scale checks, the multi-instance runs behind PgBouncer, the workflow engine
 * in three processes and the import killed -9 (two service processes). `npm test`
 * leaves them out (it is what a developer runs after each change); `npm run test:slow` runs them alone (those for its
 * database: slowFiles), and CI runs it after each of its two passes. `npm test -- <one of them>` still runs it.
 */
const SLOW = ['api/fuzz.e2e-spec.ts', 'opportunities/scale.e2e-spec.ts', 'opportunities/opportunities-scale.e2e-spec.ts', 'scim/scim-scale.e2e-spec.ts', 'platform/pgbouncer.e2e-spec.ts', 'workflows/workflows-instances.e2e-spec.ts', 'imports/import-kill.e2e-spec.ts'];
/**
 * Slow checks of several processes on one database (a pooler, three engines, a killed import): a PostgreSQL server's
 * subject, as an embedded database belongs to the one process that opened it. Each skips itself without DATABASE_URL;
 * a slow run on the embedded database does not start them at all.
 */
const SLOW_SERVER_ONLY = ['platform/pgbouncer.e2e-spec.ts', 'workflows/workflows-instances.e2e-spec.ts', 'imports/import-kill.e2e-spec.ts'];
/**
 * Slow checks whose subject is the interface, not the database (fuzzing: no 5xx and no leak, which validation and the
 * error mapping decide; edge/hostile-input.e2e-spec.ts keeps the hostile values that reach the database on both).
 * `JEST_SLOW_ONCE=0` leaves them out: CI runs them in the PostgreSQL pass only (docs/decisions/performance-and-tests.md,
 * "Test suite").
 */
const SLOW_ONCE = ['api/fuzz.e2e-spec.ts'];
/** The slow files a slow run (`npm run test:slow`, JEST_SLOW=1) starts on this database. */
function slowFiles(env = process.env) {
  return SLOW.filter((f) => !(!env.DATABASE_URL && SLOW_SERVER_ONLY.includes(f)) && !(env.JEST_SLOW_ONCE === '0' && SLOW_ONCE.includes(f)));
}
/**
 * Seconds each file took inside its group (wall, hooks included; `npm test` on PGlite, every file, 4 workers,
 * 2026-12-01), written from JEST_GROUP_LOG; a file not listed counts as the median. Refresh after adding slow files.
 */
const DURATIONS = require('./test/groups/durations.json');

const E2E_DIR = join(__dirname, 'test', 'e2e');

/**
 * The e2e files, as paths under test/e2e with `/` (`companies/companies.e2e-spec.ts`): a record kind's files sit in the
 * folder of its name, an interface's or the platform's in theirs (docs/architecture.md, "Where tests live"). These paths
 * are the keys of SLOW, durations.json and the group logs.
 */
let e2e;
function e2eFiles() {
  e2e ??= readdirSync(E2E_DIR, { recursive: true })
    .map((f) => String(f).split(sep).join('/'))
    .filter((f) => f.endsWith('.e2e-spec.ts'))
    .sort();
  return e2e;
}

/**
 * The browser files: those that drive Chromium (test/helpers/browser.ts, web-app.ts). They test the web app and
 * the pages, which reach the database only through the same REST routes and services that the other files test on
 * both databases; `JEST_BROWSER=0` leaves them out, and CI runs them once, in the PostgreSQL pass (the shorter
 * one). See docs/decisions/performance-and-tests.md, "Test suite".
 */
let browser;
function browserFiles() {
  browser ??= e2eFiles().filter((f) => /\b(useWebApp|useChromium)\(/.test(readFileSync(join(E2E_DIR, f), 'utf8')));
  return browser;
}
/** Whether this run leaves the browser files out (JEST_BROWSER=0). */
const withoutBrowser = (env = process.env) => env.JEST_BROWSER === '0';
/**
 * Whether this run leaves the unit files out (JEST_UNIT=0): they test pure rules, the document and the code's
 * structure, none opens a database, so a second pass on the other database would repeat them unchanged.
 */
const withoutUnit = (env = process.env) => env.JEST_UNIT === '0';

/**
 * The unit files (`*.spec.ts`, `*.spec.tsx` under src, test/unit and web/src), as paths from the repository root. A
 * grouped run runs them in one file (test/groups/units.group-spec.ts): one module registry for the 68 files, about
 * 17 s of CPU against 74 s as files of their own, nearly all of it loading the same modules again. A file that mocks a
 * module (`jest.mock`) runs on its own (unitFilesAlone): in a shared registry its mock would answer the files after it.
 */
let units;
function unitFiles() {
  units ??= ['src', 'test/unit', 'web/src']
    .flatMap((dir) => readdirSync(join(__dirname, dir), { recursive: true }).map((f) => `${dir}/${String(f).split(sep).join('/')}`))
    .filter((f) => /\.spec\.tsx?$/.test(f))
    .sort();
  return units;
}
const mocksModules = (f) => /\bjest\.(mock|doMock|unstable_mockModule)\(/.test(readFileSync(join(__dirname, f), 'utf8'));
/** The unit files that run inside the units group. */
const unitFilesGrouped = () => unitFiles().filter((f) => !mocksModules(f));
/** The unit files that mock a module: files of their own even in a grouped run. */
const unitFilesAlone = () => unitFiles().filter(mocksModules);

/** The median of the known durations: what a file not in durations.json counts as. */
function medianDuration() {
  const known = Object.values(DURATIONS).sort((a, b) => a - b);
  return known[Math.floor(known.length / 2)] ?? 1;
}

/** The e2e files of each group, balanced by known durations (longest first into the lightest group; stable order). */
function groupFiles(env = process.env) {
  const median = medianDuration();
  const files = e2eFiles()
    .filter((f) => !SLOW.includes(f) && !(withoutBrowser(env) && browserFiles().includes(f)))
    .sort()
    .map((f) => ({ f, w: DURATIONS[f] ?? median }))
    .sort((a, b) => b.w - a.w || (a.f < b.f ? -1 : 1));
  const groups = Array.from({ length: GROUPS }, () => ({ w: 0, files: [] }));
  for (const { f, w } of files) {
    const lightest = groups.reduce((min, g) => (g.w < min.w ? g : min));
    lightest.files.push(f);
    lightest.w += w;
  }
  return groups.map((g) => g.files.sort());
}

/** jest options that take a value (`--opt value`); their values are not paths. */
const WITH_VALUE = new Set(['-t', '--testNamePattern', '-w', '--maxWorkers', '--testTimeout', '--reporters', '--outputFile', '--shard', '--seed', '-c', '--config', '--testPathIgnorePatterns', '--selectProjects', '--coverageReporters', '--cacheDirectory']);
/** Options that select files or tests: with any of them the run is not "the whole suite". */
const SELECTING = ['--testPathPatterns', '--testPathPattern', '-t', '--testNamePattern', '--findRelatedTests', '--onlyChanged', '-o', '--changedSince', '--lastCommit', '--onlyFailures', '-f', '--runTestsByPath'];

/**
 * Grouped when JEST_GROUPS=1; never when JEST_GROUPS=0; otherwise (unset or `auto`) when jest was given no
 * path or test filter (`npm test` alone, or only options such as --ci or --silent), so `npm test -- <file>`
 * still runs that file on its own.
 */
function groupedRun(argv = process.argv, env = process.env) {
  if (env.JEST_GROUPS === '1') return true;
  if (env.JEST_GROUPS === '0') return false;
  const at = argv.findIndex((a) => /[\\/]jest(\.js)?$/.test(a) || /[\\/]jest[\\/]bin[\\/]jest\.js$/.test(a));
  if (at < 0) return false;
  const args = argv.slice(at + 1);
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const name = a.split('=')[0];
    if (SELECTING.includes(name)) return false;
    if (!a.startsWith('-')) return false; // a path pattern
    if (WITH_VALUE.has(a)) i++;
  }
  return true;
}

/**
 * Seconds each SLOW file took (PGlite pass, 4 workers, 2026-11-27; pgbouncer, workflows-instances and import-kill on
 * PostgreSQL, 2026-12-02): its place in the order of a first slow run, or of a grouped run that takes them
 * (JEST_WITH_SLOW=1), where they start after the groups.
 */
const SLOW_SECONDS = { 'api/fuzz.e2e-spec.ts': 79, 'opportunities/scale.e2e-spec.ts': 107, 'opportunities/opportunities-scale.e2e-spec.ts': 31, 'scim/scim-scale.e2e-spec.ts': 21, 'platform/pgbouncer.e2e-spec.ts': 20, 'workflows/workflows-instances.e2e-spec.ts': 41, 'imports/import-kill.e2e-spec.ts': 19 };

/** The unit files in one group (four workers beside the e2e groups, 2026-12-01): last in a first run's order. */
const UNITS_SECONDS = 15;

/**
 * How long a test file is expected to take, in seconds, for jest.sequencer.js when jest has no timing of its
 * own (a clean clone): a group file the sum of its files, an e2e file its measured duration (else the median),
 * any other file one second.
 */
function estimatedSeconds(path) {
  const median = medianDuration();
  if (/[\\/]units\.group-spec\.ts$/.test(path)) return UNITS_SECONDS;
  const group = /[\\/]group-(\d+)\.group-spec\.ts$/.exec(path);
  if (group) return (groupFiles()[Number(group[1]) - 1] ?? []).reduce((sum, f) => sum + (DURATIONS[f] ?? median), 0);
  const name = /[\\/]test[\\/]e2e[\\/](.+\.e2e-spec\.ts)$/.exec(path)?.[1].split(/[\\/]/).join('/');
  if (name === undefined) return 1;
  return SLOW_SECONDS[name] ?? DURATIONS[name] ?? median;
}

module.exports = { GROUPS, SLOW, SLOW_SERVER_ONLY, SLOW_ONCE, slowFiles, TEST_TIMEOUT, e2eFiles, unitFiles, unitFilesGrouped, unitFilesAlone, groupFiles, groupedRun, estimatedSeconds, browserFiles, withoutBrowser, withoutUnit };
