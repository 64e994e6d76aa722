import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { CRM_EVENT_NAMES } from '../../../src/domain/crm/event-kinds';

/** Every file under a folder (the platform has no generated or binary files). */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));

describe('the platform knows no CRM word', () => {
  const root = join(__dirname, '../../..');
  const files = filesUnder(join(root, 'src/platform'));

  it('reads the platform (guards the walk itself)', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(CRM_EVENT_NAMES).toContain('opp_won');
  });

  it('names none of the event kinds the features declare (code, comments or migrations)', () => {
    const names = new RegExp(`\\b(${CRM_EVENT_NAMES.join('|')})\\b`);
    const found = files.flatMap((f) => {
      const hit = names.exec(readFileSync(f, 'utf8'));
      return hit ? [`${relative(root, f)}: ${hit[1]}`] : [];
    });
    expect(found).toEqual([]);
  });
});
