import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildOnce } from '../../helpers/test-db';

/**
 * The test database templates are built once by the runs that ask for them at the same time (CI starts its two passes
 * together on a clean clone): the first takes a lock file beside the template, the others wait for the template, and
 * a lock whose process is gone is taken over (test/helpers/test-db.ts, buildOnce).
 */
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'crm-build-once-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const writer = (file: string, calls: string[], name: string) => async () => {
  calls.push(name);
  await new Promise((r) => setTimeout(r, 50));
  writeFileSync(file, name);
};

it('builds once for callers that ask at the same time, and not at all when the file is there', async () => {
  const file = join(dir, 'template.tar');
  const calls: string[] = [];
  await Promise.all([buildOnce(file, writer(file, calls, 'a')), buildOnce(file, writer(file, calls, 'b')), buildOnce(file, writer(file, calls, 'c'))]);
  expect(calls).toEqual(['a']);
  expect(existsSync(`${file}.lock`)).toBe(false);
  await buildOnce(file, writer(file, calls, 'd'));
  expect(calls).toEqual(['a']);
});

it('waits for a build another live process holds, and builds itself when that one gives up without the file', async () => {
  const file = join(dir, 'template.tar');
  const calls: string[] = [];
  // the lock of a process that is alive (this one's parent)
  writeFileSync(`${file}.lock`, String(process.ppid));
  let done = false;
  const waiting = buildOnce(file, writer(file, calls, 'waiter')).then(() => (done = true));
  await new Promise((r) => setTimeout(r, 500));
  expect([done, calls]).toEqual([false, []]);
  // the holder fails: its lock goes, no file
  rmSync(`${file}.lock`);
  await waiting;
  expect(calls).toEqual(['waiter']);
});

it('takes over the lock of a process that is gone', async () => {
  const file = join(dir, 'template.tar');
  const calls: string[] = [];
  const gone = spawnSync(process.execPath, ['-e', '']).pid;
  writeFileSync(`${file}.lock`, String(gone));
  await buildOnce(file, writer(file, calls, 'after'));
  expect(calls).toEqual(['after']);
  expect(existsSync(`${file}.lock`)).toBe(false);
});
