import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS } from '../../../src/platform/database/migrations';

/** MIGRATIONS is read from its folder: no file may be left out by its name, and the order is the timestamps'. */
describe('MIGRATIONS', () => {
  const dir = join(__dirname, '../../../src/platform/database/migrations');
  const files = readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'index.ts');

  it('holds one class for every file of the folder besides index.ts, named <Name><timestamp> after <timestamp>-<Name>.ts', () => {
    const expected = files.map((f) => /^(\d+)-(.+)\.ts$/.exec(f)).map((m) => (m ? `${m[2]}${m[1]}` : 'a file not named <timestamp>-<Name>.ts'));
    expect(MIGRATIONS.map((m) => m.name).sort()).toEqual(expected.sort());
  });

  it('is in timestamp order', () => {
    const stamps = MIGRATIONS.map((m) => Number(/(\d{13})$/.exec(m.name)?.[1]));
    expect(stamps).toEqual([...stamps].sort((a, b) => a - b));
    expect(new Set(stamps).size).toBe(stamps.length);
  });
});
