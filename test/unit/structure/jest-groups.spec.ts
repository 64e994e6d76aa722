import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { e2eFiles, unitFiles, unitFilesAlone, unitFilesGrouped, groupedRun, groupFiles, slowFiles, SLOW, SLOW_SERVER_ONLY, SLOW_ONCE } = require('../../../jest.groups') as {
  e2eFiles(): string[];
  unitFiles(): string[];
  unitFilesAlone(): string[];
  unitFilesGrouped(): string[];
  slowFiles(env: Record<string, string | undefined>): string[];
  SLOW_SERVER_ONLY: string[];
  SLOW_ONCE: string[];
  groupedRun(argv: string[], env: Record<string, string | undefined>): boolean;
  groupFiles(env?: Record<string, string | undefined>): string[][];
  SLOW: string[];
};

const JEST = ['/usr/bin/node', '--experimental-vm-modules', 'node_modules/jest/bin/jest.js'];

describe('grouped e2e runs (jest.groups.js)', () => {
  it('groups the whole suite by default: npm test alone, or with options that select nothing', () => {
    expect(groupedRun(JEST, {})).toBe(true);
    expect(groupedRun([...JEST, '--ci', '--silent'], {})).toBe(true);
    expect(groupedRun([...JEST, '--maxWorkers', '1'], { JEST_GROUPS: 'auto' })).toBe(true);
  });

  it('runs files on their own when a path, a name filter or JEST_GROUPS=0 is given', () => {
    expect(groupedRun([...JEST, 'test/e2e/companies/companies.e2e-spec.ts'], {})).toBe(false);
    expect(groupedRun([...JEST, '-t', 'creates'], {})).toBe(false);
    expect(groupedRun([...JEST, '--testNamePattern=creates'], {})).toBe(false);
    expect(groupedRun(JEST, { JEST_GROUPS: '0' })).toBe(false);
    expect(groupedRun([...JEST, 'test/e2e/companies/companies.e2e-spec.ts'], { JEST_GROUPS: '1' })).toBe(true);
  });

  it('puts every e2e file but the slow checks in exactly one group', () => {
    // the groups of `npm test` alone, whatever this run's JEST_BROWSER (CI's embedded pass runs the unit files with 0)
    const files = groupFiles({}).flat();
    expect(new Set(files).size).toBe(files.length);
    expect([...files].sort()).toEqual(e2eFiles().filter((f) => !SLOW.includes(f)));
  });

  it('runs the unit files of src, test/unit and web/src in the units group, those that mock a module on their own', () => {
    const files = unitFiles();
    expect(files).toContain('test/unit/structure/jest-groups.spec.ts');
    expect(files).toEqual(expect.arrayContaining(['web/src/lib/i18n.spec.tsx', 'src/edge/pages/page-lang.spec.ts']));
    expect(files.filter((f) => !/^(src|test\/unit|web\/src)\/.+\.spec\.tsx?$/.test(f))).toEqual([]);
    expect(files.length).toBeGreaterThan(60);
    // a module mock would answer the files after it in a shared registry: such a file runs on its own
    expect(unitFilesAlone()).toContain('web/src/lib/errors.spec.ts');
    expect([...unitFilesGrouped(), ...unitFilesAlone()].sort()).toEqual(files);
    expect(unitFilesGrouped()).toContain('test/unit/structure/jest-groups.spec.ts');
  });

  it('leaves the slow checks out of the groups: npm run test:slow runs them, and every slow file exists', () => {
    const grouped = new Set(groupFiles({}).flat());
    expect(SLOW).toEqual(expect.arrayContaining(['api/fuzz.e2e-spec.ts', 'opportunities/scale.e2e-spec.ts', 'platform/pgbouncer.e2e-spec.ts']));
    for (const f of SLOW) {
      expect(grouped.has(f)).toBe(false);
      expect(existsSync(join(__dirname, '..', '..', 'e2e', f))).toBe(true);
    }
  });

  it('starts every slow check on a server, none that needs one on the embedded database, and the interface ones once in CI', () => {
    const server = 'postgres://x@127.0.0.1/db';
    expect(slowFiles({ DATABASE_URL: server })).toEqual(SLOW);
    expect(slowFiles({ DATABASE_URL: '' })).toEqual(SLOW.filter((f) => !SLOW_SERVER_ONLY.includes(f)));
    expect(slowFiles({ DATABASE_URL: '' })).toEqual(expect.arrayContaining(['api/fuzz.e2e-spec.ts', 'opportunities/scale.e2e-spec.ts']));
    expect(slowFiles({ DATABASE_URL: '', JEST_SLOW_ONCE: '0' })).toEqual(SLOW.filter((f) => !SLOW_SERVER_ONLY.includes(f) && !SLOW_ONCE.includes(f)));
    expect(slowFiles({ DATABASE_URL: '', JEST_SLOW_ONCE: '0' })).not.toContain('api/fuzz.e2e-spec.ts');
    // a server-only file skips itself without DATABASE_URL: that guard is what makes leaving it out lose nothing
    for (const f of [...SLOW_SERVER_ONLY, ...SLOW_ONCE]) expect(SLOW).toContain(f);
    for (const f of SLOW_SERVER_ONLY) expect(readFileSync(join(__dirname, '..', '..', 'e2e', f), 'utf8')).toMatch(/DATABASE_URL[^\n]*describe\.skip|missing \? describe\.skip/);
  });

  it('finds the e2e files in their folders: each in one, none directly under test/e2e or test/unit', () => {
    const top = (dir: string) => readdirSync(join(__dirname, '..', '..', dir), { withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
    expect(e2eFiles().length).toBeGreaterThan(150);
    expect(e2eFiles().filter((f) => !/^[a-z-]+\/[^/]+$/.test(f))).toEqual([]);
    expect(top('e2e')).toEqual([]);
    expect(top('unit')).toEqual([]);
  });

  it('orders a first run (no timings) by the estimates: group files first, unit tests last, whatever their sizes', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const Sequencer = require('../../../jest.sequencer') as new (o: object) => { sort(tests: { path: string; context: object }[]): { path: string }[] };
    const sizes: Record<string, number> = { unit: 5_000, fuzz: 20_000, group: 100 };
    const context = { config: { cache: false }, hasteFS: { getSize: (p: string) => sizes[/unit/.test(p) ? 'unit' : /fuzz/.test(p) ? 'fuzz' : 'group'] } };
    const paths = ['/r/test/unit/a.spec.ts', '/r/test/groups/group-1.group-spec.ts', '/r/test/e2e/api/fuzz.e2e-spec.ts', '/r/test/groups/group-2.group-spec.ts'];
    // the estimates of `npm test` alone: without the browser files (JEST_BROWSER=0, CI's embedded pass) a group can
    // be estimated shorter than the fuzz file
    const browserSetting = process.env.JEST_BROWSER;
    delete process.env.JEST_BROWSER;
    let sorted: string[];
    try {
      sorted = new Sequencer({}).sort(paths.map((path) => ({ path, context }))).map((t) => t.path);
    } finally {
      if (browserSetting !== undefined) process.env.JEST_BROWSER = browserSetting;
    }
    expect(sorted.slice(0, 2).sort()).toEqual(['/r/test/groups/group-1.group-spec.ts', '/r/test/groups/group-2.group-spec.ts']);
    expect(sorted.slice(2)).toEqual(['/r/test/e2e/api/fuzz.e2e-spec.ts', '/r/test/unit/a.spec.ts']);
  });
});
