import { chmodSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileCacheFolder, privateFolder } from '../../../src/compile-cache';

/** The compile cache holds code the process runs: only a folder of this user's that nobody else can write to. */
describe('compile cache folder', () => {
  const uid = process.getuid!();
  const base = mkdtempSync(join(tmpdir(), 'crm-cc-test-'));

  it('takes a directory of this user that neither group nor others may write to', () => {
    const dir = join(base, 'own');
    mkdirSync(dir, { mode: 0o700 });
    expect(privateFolder(dir, uid)).toBe(true);
    chmodSync(dir, 0o755);
    expect(privateFolder(dir, uid)).toBe(true);
  });

  it.each([
    ['writable by others', 0o777],
    ['writable by its group', 0o770],
  ])('refuses a directory %s', (_name, mode) => {
    const dir = mkdtempSync(join(base, 'open-'));
    chmodSync(dir, mode);
    expect(privateFolder(dir, uid)).toBe(false);
  });

  it("refuses a link to a directory, another user's directory and a missing one", () => {
    const target = mkdtempSync(join(base, 'target-'));
    const link = join(base, 'link');
    symlinkSync(target, link);
    expect(privateFolder(link, uid)).toBe(false);
    expect(privateFolder(target, uid + 1)).toBe(false);
    expect(privateFolder(join(base, 'missing'), uid)).toBe(false);
  });

  it("uses the operator's NODE_COMPILE_CACHE as is, else this user's folder in the temporary folder", () => {
    expect(compileCacheFolder({ NODE_COMPILE_CACHE: '/srv/cache' })).toBe('/srv/cache');
    const dir = compileCacheFolder({});
    expect(dir).toBe(join(tmpdir(), `crm-compile-cache-${uid}`));
    expect(privateFolder(dir!, uid)).toBe(true);
  });
});
