import {
  canEditTask,
  canSeeTask,
  defaultPriority,
  defaultStatus,
  doneAtAfter,
  isDueSoon,
  isOpenStatus,
  isOverdue,
} from '../../src/crm/tasks/task-rules';

const today = '2026-03-10';

describe('task rules: overdue', () => {
  it.each([
    ['2026-03-09', 'Open', true],
    ['2026-03-09', 'In progress', true],
    ['2025-12-31', 'Open', true],
    ['2026-03-10', 'Open', false],
    ['2026-03-11', 'Open', false],
    ['2026-03-09', 'Done', false],
    ['2026-03-09', 'Cancelled', false],
    [null, 'Open', false],
  ])('due %s, status %s -> %s', (dueDate, status, expected) => {
    expect(isOverdue({ dueDate, status: status as string }, today)).toBe(expected);
  });
});

describe('task rules: due soon', () => {
  it.each([
    ['2026-03-10', 'Open', true],
    ['2026-03-11', 'Open', true],
    ['2026-03-13', 'Open', true],
    ['2026-03-14', 'Open', false],
    ['2026-03-09', 'Open', false],
    ['2026-03-11', 'Done', false],
    ['2026-03-11', 'Cancelled', false],
    [null, 'Open', false],
  ])('due %s, status %s -> %s (3 days)', (dueDate, status, expected) => {
    expect(isDueSoon({ dueDate, status: status as string }, today, 3)).toBe(expected);
  });

  it('with 0 soon days only today is soon; a negative setting counts as 0', () => {
    expect(isDueSoon({ dueDate: today, status: 'Open' }, today, 0)).toBe(true);
    expect(isDueSoon({ dueDate: '2026-03-11', status: 'Open' }, today, 0)).toBe(false);
    expect(isDueSoon({ dueDate: today, status: 'Open' }, today, -5)).toBe(true);
  });

  it('is never both overdue and due soon', () => {
    for (let d = 1; d <= 20; d++) {
      const dueDate = `2026-03-${String(d).padStart(2, '0')}`;
      const t = { dueDate, status: 'Open' };
      expect(isOverdue(t, today) && isDueSoon(t, today, 30)).toBe(false);
    }
  });

  it('treats across month and year ends by calendar days', () => {
    expect(isDueSoon({ dueDate: '2027-01-02', status: 'Open' }, '2026-12-30', 3)).toBe(true);
    expect(isDueSoon({ dueDate: '2027-01-03', status: 'Open' }, '2026-12-30', 3)).toBe(false);
    expect(isOverdue({ dueDate: '2026-12-31', status: 'Open' }, '2027-01-01')).toBe(true);
  });
});

describe('task rules: status', () => {
  const now = new Date('2026-03-10T09:00:00Z');
  const earlier = new Date('2026-03-01T09:00:00Z');

  it('sets done_at when a task becomes Done', () => {
    expect(doneAtAfter(null, 'Done', now)).toEqual(now);
    expect(doneAtAfter({ status: 'Open', doneAt: null }, 'Done', now)).toEqual(now);
  });

  it('keeps done_at while it stays Done', () => {
    expect(doneAtAfter({ status: 'Done', doneAt: earlier }, 'Done', now)).toEqual(earlier);
  });

  it('clears done_at when reopened or cancelled', () => {
    expect(doneAtAfter({ status: 'Done', doneAt: earlier }, 'Open', now)).toBeNull();
    expect(doneAtAfter({ status: 'Done', doneAt: earlier }, 'Cancelled', now)).toBeNull();
    expect(doneAtAfter(null, 'Open', now)).toBeNull();
  });

  it('knows open statuses', () => {
    expect(isOpenStatus('Open')).toBe(true);
    expect(isOpenStatus('In progress')).toBe(true);
    expect(isOpenStatus('Done')).toBe(false);
    expect(isOpenStatus('Cancelled')).toBe(false);
  });

  it('defaults priority to Normal when present, else the first; status to the first', () => {
    expect(defaultPriority(['Low', 'Normal', 'High'])).toBe('Normal');
    expect(defaultPriority(['Düşük', 'Orta', 'Yüksek'])).toBe('Düşük');
    expect(defaultStatus(['Open', 'Done'])).toBe('Open');
    expect(defaultStatus(['Açık', 'Bitti'])).toBe('Açık');
  });
});

describe('task rules: visibility and edit rights', () => {
  const task = { ownerId: 1, assigneeId: 2 };

  it('is visible to admins, and when the owner or the assignee is the caller or in the team', () => {
    expect(canSeeTask(null, task)).toBe(true);
    expect(canSeeTask([1], task)).toBe(true);
    expect(canSeeTask([2], task)).toBe(true);
    expect(canSeeTask([3, 2], task)).toBe(true);
    expect(canSeeTask([3, 4], task)).toBe(false);
    expect(canSeeTask([], task)).toBe(false);
  });

  it('is editable by admins, the owner and the assignee only', () => {
    expect(canEditTask({ id: 9, admin: true }, task)).toBe(true);
    expect(canEditTask({ id: 1, admin: false }, task)).toBe(true);
    expect(canEditTask({ id: 2, admin: false }, task)).toBe(true);
    expect(canEditTask({ id: 3, admin: false }, task)).toBe(false);
  });
});
