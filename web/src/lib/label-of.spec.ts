import { labelIn } from './label-of';
import type { Me } from './session';

const constants = {
  stage_labels: { Qualify: 'Qualification', Custom: 'Own stage' },
  labels: { stages: { Qualify: 'Nitelendirme' }, task_priorities: { High: 'Yüksek' } },
} as unknown as Me['constants'];

describe('labelIn', () => {
  it("shows the user's language's label, else the stage's own label, else the key; nothing for no key", () => {
    expect(labelIn(constants, 'stages', 'Qualify')).toBe('Nitelendirme');
    expect(labelIn(constants, 'stages', 'Custom')).toBe('Own stage');
    expect(labelIn(constants, 'task_priorities', 'High')).toBe('Yüksek');
    expect(labelIn(constants, 'task_priorities', 'Urgent')).toBe('Urgent');
    expect(labelIn(constants, 'order_statuses', 'new')).toBe('new');
    expect(labelIn(constants, 'lead_statuses', '')).toBe('');
    expect(labelIn(constants, 'lead_statuses', null)).toBe('');
  });
});
