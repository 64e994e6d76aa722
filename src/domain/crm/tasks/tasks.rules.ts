import { daysBetween } from '../../../platform/common/time';
import type { WorkspaceConstants } from '../../workspace/workspace.entity';

/**
 * The workspace's task statuses as the rules read them: `task_closed_statuses` are finished work
 * (never overdue or due soon); `task_done_status` (one of them) completes a task and sets done_at.
 */
export type TaskStatusRules = Pick<WorkspaceConstants, 'task_closed_statuses' | 'task_done_status'>;

export interface TaskState {
  dueDate: string | null;
  status: string;
}

export const isOpenStatus = (c: TaskStatusRules, status: string): boolean => !c.task_closed_statuses.includes(status);

/** Overdue: a due date before today (workspace time zone) and still open. */
export function isOverdue(c: TaskStatusRules, t: TaskState, today: string): boolean {
  return t.dueDate !== null && t.dueDate < today && isOpenStatus(c, t.status);
}

/** Due soon: open, not overdue, and due today or within `soonDays` days. */
export function isDueSoon(c: TaskStatusRules, t: TaskState, today: string, soonDays: number): boolean {
  if (t.dueDate === null || !isOpenStatus(c, t.status) || isOverdue(c, t, today)) return false;
  return daysBetween(today, t.dueDate) <= Math.max(0, soonDays);
}

/**
 * done_at after a status change: set when the task becomes done, kept while it stays done, cleared
 * when it is reopened (or cancelled).
 */
export function doneAtAfter(c: TaskStatusRules, previous: { status: string; doneAt: Date | null } | null, nextStatus: string, now: Date): Date | null {
  if (nextStatus !== c.task_done_status) return null;
  if (previous && previous.status === c.task_done_status && previous.doneAt) return previous.doneAt;
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

/**
 * Default priority: the middle one of the workspace's priorities, which are listed lowest first (the lower of the
 * two middle ones for an even count: Normal of Low, Normal, High, Urgent).
 */
export function defaultPriority(priorities: string[]): string {
  return priorities[Math.floor((priorities.length - 1) / 2)] ?? '';
}

/** Default status: the first of the workspace's statuses (never empty: the constants' validation requires one). */
export function defaultStatus(statuses: string[]): string {
  return statuses[0] ?? '';
}
