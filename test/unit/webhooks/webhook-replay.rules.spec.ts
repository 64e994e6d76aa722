import { DomainError } from '../../../src/platform/common/errors';
import { replayWindow } from '../../../src/domain/integrations/webhook-replay.rules';

const NOW = new Date('2026-11-26T12:00:00Z');
const TZ = 'Europe/Istanbul'; // UTC+3

function fieldOf(f: () => unknown): string | null {
  try {
    f();
    return null;
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    return (e.extra as { field?: string } | undefined)?.field ?? e.message;
  }
}

describe('replayWindow', () => {
  it.each([
    ['local time', { since: '2026-11-26T09:00:00' }, '2026-11-26T06:00:00.000Z', NOW.toISOString()],
    ['minutes only (datetime-local)', { since: '2026-11-26T09:00' }, '2026-11-26T06:00:00.000Z', NOW.toISOString()],
    ['with an offset', { since: '2026-11-26T09:00:00Z', until: '2026-11-26T11:30:00+01:00' }, '2026-11-26T09:00:00.000Z', '2026-11-26T10:30:00.000Z'],
    ['exactly the retention', { since: '2026-11-19T15:00:00' }, '2026-11-19T12:00:00.000Z', NOW.toISOString()],
  ])('%s', (_name, input, since, until) => {
    const w = replayWindow(input, TZ, NOW, 7);
    expect([w.since.toISOString(), w.until.toISOString()]).toEqual([since, until]);
  });

  it.each([
    [{}, 'since'],
    [{ since: '' }, 'since'],
    [{ since: 'yesterday' }, 'since'],
    [{ since: '2026-11-19T14:59:59' }, 'since'], // a second past the retention
    [{ since: '2026-11-26T15:00:01' }, 'since'], // in the future
    [{ since: '2026-11-26T09:00:00', until: '2026-11-26T09:00:00' }, 'until'],
    [{ since: '2026-11-26T09:00:00', until: 'later' }, 'until'],
  ])('refuses %j naming %s', (input, field) => {
    expect(fieldOf(() => replayWindow(input, TZ, NOW, 7))).toBe(field);
  });
});
