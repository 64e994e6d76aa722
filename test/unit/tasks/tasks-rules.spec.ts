import {
  canEditTask,
  canSeeTask,
  defaultPriority,
  defaultStatus,
  doneAtAfter,
  isDueSoon,
  isOpenStatus,
  TaskStatusRules,
  isOverdue,
} from '../../../src/domain/crm/tasks/tasks.rules';
import { defaultConstants } from '../../../src/domain/workspace/defaults';

const C = defaultConstants();

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
    expect(isOverdue(C, { dueDate, status: status as string }, today)).toBe(expected);
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
    expect(isDueSoon(C, { dueDate, status: status as string }, today, 3)).toBe(expected);
  });

  it('with 0 soon days only today is soon; a negative setting counts as 0', () => {
    expect(isDueSoon(C, { dueDate: today, status: 'Open' }, today, 0)).toBe(true);
    expect(isDueSoon(C, { dueDate: '2026-03-11', status: 'Open' }, today, 0)).toBe(false);
    expect(isDueSoon(C, { dueDate: today, status: 'Open' }, today, -5)).toBe(true);
  });

  it('is never both overdue and due soon', () => {
    for (let d = 1; d <= 20; d++) {
      const dueDate = `2026-03-${String(d).padStart(2, '0')}`;
      const t = { dueDate, status: 'Open' };
      expect(isOverdue(C, t, today) && isDueSoon(C, t, today, 30)).toBe(false);
    }
  });

  it('treats across month and year ends by calendar days', () => {
    expect(isDueSoon(C, { dueDate: '2027-01-02', status: 'Open' }, '2026-12-30', 3)).toBe(true);
    expect(isDueSoon(C, { dueDate: '2027-01-03', status: 'Open' }, '2026-12-30', 3)).toBe(false);
    expect(isOverdue(C, { dueDate: '2026-12-31', status: 'Open' }, '2027-01-01')).toBe(true);
  });
});

describe('task rules: status', () => {
  const now = new Date('2026-03-10T09:00:00Z');
  const earlier = new Date('2026-03-01T09:00:00Z');

  it('sets done_at when a task becomes Done', () => {
    expect(doneAtAfter(C, null, 'Done', now)).toEqual(now);
    expect(doneAtAfter(C, { status: 'Open', doneAt: null }, 'Done', now)).toEqual(now);
  });

  it('keeps done_at while it stays Done', () => {
    expect(doneAtAfter(C, { status: 'Done', doneAt: earlier }, 'Done', now)).toEqual(earlier);
  });

  it('clears done_at when reopened or cancelled', () => {
    expect(doneAtAfter(C, { status: 'Done', doneAt: earlier }, 'Open', now)).toBeNull();
    expect(doneAtAfter(C, { status: 'Done', doneAt: earlier }, 'Cancelled', now)).toBeNull();
    expect(doneAtAfter(C, null, 'Open', now)).toBeNull();
  });

  it('knows open statuses', () => {
    expect(isOpenStatus(C, 'Open')).toBe(true);
    expect(isOpenStatus(C, 'In progress')).toBe(true);
    expect(isOpenStatus(C, 'Done')).toBe(false);
    expect(isOpenStatus(C, 'Cancelled')).toBe(false);
  });

  it('defaults priority to the middle one of the list (lowest first); status to the first', () => {
    expect(defaultPriority(['Low', 'Normal', 'High'])).toBe('Normal');
    expect(defaultPriority(['Düşük', 'Orta', 'Yüksek'])).toBe('Orta');
    expect(defaultPriority(['Low', 'Normal', 'High', 'Urgent'])).toBe('Normal');
    expect(defaultPriority(['Only'])).toBe('Only');
    expect(defaultStatus(['Open', 'Done'])).toBe('Open');
    expect(defaultStatus(['Açık', 'Bitti'])).toBe('Açık');
  });
});

describe('task rules: renamed statuses (constants of another installation)', () => {
  const tr: TaskStatusRules = { task_closed_statuses: ['Bitti', 'İptal'], task_done_status: 'Bitti' };
  const now = new Date('2026-03-10T09:00:00Z');

  it('reads closed and done statuses from the constants, not the default names', () => {
    expect(isOpenStatus(tr, 'Açık')).toBe(true);
    expect(isOpenStatus(tr, 'Done')).toBe(true);
    expect(isOpenStatus(tr, 'Bitti')).toBe(false);
    expect(isOpenStatus(tr, 'İptal')).toBe(false);
    expect(isOverdue(tr, { dueDate: '2026-03-01', status: 'Bitti' }, today)).toBe(false);
    expect(isOverdue(tr, { dueDate: '2026-03-01', status: 'Done' }, today)).toBe(true);
    expect(isDueSoon(tr, { dueDate: today, status: 'İptal' }, today, 3)).toBe(false);
    expect(doneAtAfter(tr, null, 'Bitti', now)).toEqual(now);
    expect(doneAtAfter(tr, null, 'Done', now)).toBeNull();
    expect(doneAtAfter(tr, { status: 'Bitti', doneAt: null }, 'İptal', now)).toBeNull();
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
