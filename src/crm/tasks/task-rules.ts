import { daysBetween } from '../../common/time';

/** The status that completes a task (sets done_at). */
export const DONE_STATUS = 'Done';
/** Statuses of a task that is no longer open: never overdue or due soon. */
export const CLOSED_STATUSES: readonly string[] = ['Done', 'Cancelled'];

export interface TaskState {
  dueDate: string | null;
  status: string;
}

export const isOpenStatus = (status: string): boolean => !CLOSED_STATUSES.includes(status);

/** Overdue: a due date before today (workspace time zone) and still open. */
export function isOverdue(t: TaskState, today: string): boolean {
  return t.dueDate !== null && t.dueDate < today && isOpenStatus(t.status);
}

/** Due soon: open, not overdue, and due today or within `soonDays` days. */
export function isDueSoon(t: TaskState, today: string, soonDays: number): boolean {
  if (t.dueDate === null || !isOpenStatus(t.status) || isOverdue(t, today)) return false;
  return daysBetween(today, t.dueDate) <= Math.max(0, soonDays);
}

/**
 * done_at after a status change: set when the task becomes Done, kept while it stays Done, cleared
 * when it is reopened (or cancelled).
 */
export function doneAtAfter(previous: { status: string; doneAt: Date | null } | null, nextStatus: string, now: Date): Date | null {
  if (nextStatus !== DONE_STATUS) return null;
  if (previous && previous.status === DONE_STATUS && previous.doneAt) return previous.doneAt;
  return now;
}

export interface TaskPeople {
  ownerId: number;
  assigneeId: number;
}

/** Visible: admin (visible = null), or the assignee or the owner is the caller or in the caller's team. */
export function canSeeTask(visible: number[] | null, t: TaskPeople): boolean {
  return visible === null || visible.includes(t.assigneeId) || visible.includes(t.ownerId);
}

/** Editable: admin, the owner (creator) or the assignee. */
export function canEditTask(caller: { id: number; admin: boolean }, t: TaskPeople): boolean {
  return caller.admin || t.ownerId === caller.id || t.assigneeId === caller.id;
}

/** Default priority: 'Normal' when the workspace has it, else the first. */
export function defaultPriority(priorities: string[]): string {
  return priorities.includes('Normal') ? 'Normal' : (priorities[0] ?? 'Normal');
}

/** Default status: the first of the workspace's statuses. */
export function defaultStatus(statuses: string[]): string {
  return statuses[0] ?? 'Open';
}
