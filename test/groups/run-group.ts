import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { closeSharedChromium, shareChromiumInGroup } from '../helpers/browser';
import { closeSharedTestDbs, shareTestDbsInGroup } from '../helpers/test-db';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { groupFiles, unitFilesGrouped, TEST_TIMEOUT } = require('../../jest.groups') as { groupFiles(): string[][]; unitFilesGrouped(): string[]; TEST_TIMEOUT: number };

/**
 * Runs the e2e files of group `n` (jest.groups.js) in this one jest test file: each inside its own
 * `describe('<file>')`, so its top-level `beforeAll`/`afterAll`/`beforeEach` apply to its tests only, and
 * its `afterAll` (which closes its apps) runs before the next file's `beforeAll`. A `jest.setTimeout` of a
 * file would apply to the whole group (the last call wins); the group sets the largest of them (and at
 * least the suite's default) after loading its files.
 */
export function runGroup(n: number): void {
  const files = groupFiles()[n - 1];
  // the group's browser files share one Chromium (test/helpers/browser.ts), closed after the last file
  shareChromiumInGroup();
  afterAll(() => closeSharedChromium());
  // the group's files reuse their test databases, reset between files (test/helpers/test-db.ts), closed after the last file
  shareTestDbsInGroup();
  afterAll(() => closeSharedTestDbs());
  let timeout = TEST_TIMEOUT;
  for (const file of files) {
    const path = join(__dirname, '..', 'e2e', file);
    for (const m of readFileSync(path, 'utf8').matchAll(/jest\.setTimeout\(([\d_]+)\)/g)) timeout = Math.max(timeout, Number(m[1].replace(/_/g, '')));
    describe(file, () => {
      const log = process.env.JEST_GROUP_LOG;
      let started = 0;
      let cpu = process.cpuUsage();
      if (log) beforeAll(() => void ((started = Date.now()), (cpu = process.cpuUsage())));
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      require(path);
      // one line per file (its wall time, with its hooks; the worker's CPU in that time, Chromium and the database
      // not counted; the worker's memory after it) to rebalance the groups and find the costly files
      if (log) {
        afterAll(() => {
          const used = process.cpuUsage(cpu);
          const line = { group: n, db: process.env.DATABASE_URL ? 'postgres' : 'embedded', file, end: new Date().toISOString(), ms: Date.now() - started, cpuMs: Math.round((used.user + used.system) / 1000), rssMb: Math.round(process.memoryUsage().rss / 2 ** 20) };
          appendFileSync(log, `${JSON.stringify(line)}\n`);
        });
      }
    });
  }
  jest.setTimeout(timeout);
}

/**
 * Runs the unit files (jest.groups.js, unitFilesGrouped: all but those that mock a module) in this one jest test file, each inside its own `describe('<file>')`:
 * they open no database and start no app, so what a file of their own cost was loading the same modules again.
 */
export function runUnits(): void {
  for (const file of unitFilesGrouped()) {
    describe(file, () => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      require(join(__dirname, '..', '..', file));
    });
  }
}
