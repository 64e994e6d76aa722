import { lint } from './lint-snippet';

/** A function of exactly `lines` lines (signature and closing brace included), with `blanks` blank and comment lines on top. */
function fn(lines: number, blanks = 0): string {
  const body = Array.from({ length: lines - 4 }, () => '  x += 1;');
  const filler = Array.from({ length: blanks }, (_, i) => (i % 2 ? '' : '  // a comment line'));
  return ['export function probe(): number {', '  let x = 0;', ...filler, ...body, '  return x;', '}', ''].join('\n');
}

/** A file of `lines` lines of statements. */
const file = (lines: number) => Array.from({ length: lines }, (_, i) => `export const v${i} = ${i};`).join('\n') + '\n';

describe('sizes in lint: no function over 80 lines, no file over 400', () => {
  it('refuses a function of 81 lines', () => {
    const r = lint('src/domain/crm/companies/probe.ts', fn(81));
    expect(r.ok).toBe(false);
    expect(r.output).toContain('max-lines-per-function');
    expect(r.output).toContain('too many lines (81)');
  });

  it('allows a function of 80 lines, blank lines and comments aside', () => {
    const r = lint('src/domain/crm/companies/probe.ts', fn(80, 10));
    expect(r.output).toBe('');
    expect(r.ok).toBe(true);
  });

  it('refuses a file of 401 lines and allows one of 400', () => {
    const long = lint('src/platform/common/probe.ts', file(401));
    expect(long.ok).toBe(false);
    expect(long.output).toContain('max-lines');
    const fits = lint('src/platform/common/probe.ts', file(400));
    expect(fits.output).toBe('');
  });

  it('leaves migrations (declarative tables) and tests alone', () => {
    expect(lint('src/platform/database/migrations/1700000000000-Probe.ts', fn(200)).ok).toBe(true);
    expect(lint('test/e2e/probe.e2e-spec.ts', fn(200)).ok).toBe(true);
  });

  it('lets a declarative table elsewhere say why with a disable comment', () => {
    const code = `// eslint-disable-next-line max-lines-per-function -- a declarative table of templates, one entry a line\n${fn(120)}`;
    const r = lint('src/domain/workspace/probe.ts', code);
    expect(r.output).toBe('');
    expect(r.ok).toBe(true);
  });
});
