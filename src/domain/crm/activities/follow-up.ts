/**
 * A visit's next step as work: next_action (with next_date) becomes a task of the visit's owner, due on that
 * date, on the visited company (and opportunity), written in the visit's transaction. The visit keeps the
 * task's id, so editing the visit changes that task instead of making another one.
 */
import type { TenantDb } from '../../../platform/database/tenant-db';
import { labelOf, type LabelLang } from '../../workspace/labels';
import type { Workspace } from '../../workspace/workspace.entity';
import { Task } from '../tasks/task.entity';
import { defaultPriority, defaultStatus, isOpenStatus } from '../tasks';
import type { DeletedRecordsService } from '../sync';
import type { Activity } from './activity.entity';

/**
 * What the task of a visit's next step holds (pure: the title names the step, by its label in `lang`, the
 * language of the person writing the visit, and the company).
 */
export function followUpFields(
  a: Activity,
  companyName: string,
  actionLabel: (key: string) => string = (k) => k,
): Pick<Task, 'title' | 'description' | 'dueDate' | 'assigneeId' | 'customerId' | 'personId' | 'oppId'> {
  return {
    title: `${actionLabel(a.nextAction.trim())}: ${companyName}`.slice(0, 300),
    description: a.blocks?.next?.note ?? '',
    dueDate: a.nextDate,
    assigneeId: a.ownerId,
    customerId: a.customerId,
    personId: a.personIds[0] ?? null,
    oppId: a.oppId,
  };
}

export interface FollowUpContext {
  db: TenantDb;
  ws: Workspace;
  /** Who writes the visit: the task's creator. */
  userId: number;
  /** That person's language: the task's title is written in it (spec 2.3 labels, labels.ts). */
  lang: LabelLang;
  deleted: DeletedRecordsService;
}

/**
 * Brings the visit's task in line with its next step and returns the task id the visit keeps:
 * - a step and no task yet: a new task;
 * - the task still open: it follows the step (a cleared step deletes it, with a tombstone for sync);
 * - the task finished: left as it is (done work is not reopened or rewritten);
 * - the task deleted by someone: made again only when the step itself changed.
 */
export async function syncFollowUp(ctx: FollowUpContext, a: Activity, companyName: string, stepChanged: boolean): Promise<number | null> {
  const { db, ws } = ctx;
  const fields = followUpFields(a, companyName, (k) => labelOf(ws.constants, ctx.lang, 'next_actions', k));
  const wanted = a.nextAction.trim() !== '';
  const task = a.followUpTaskId !== null ? await db.byId(Task, a.followUpTaskId, true) : null;
  if (task && !isOpenStatus(ws.constants, task.status)) return task.id;
  if (task && !wanted) {
    await removeTask(ctx, task);
    return null;
  }
  if (task) {
    await db.update(Task, { id: task.id }, fields);
    return task.id;
  }
  if (!wanted || (a.followUpTaskId !== null && !stepChanged)) return null;
  const created = await db.save(
    Task,
    db.create(Task, {
      ...fields,
      priority: defaultPriority(ws.constants.task_priorities),
      status: defaultStatus(ws.constants.task_statuses),
      ownerId: ctx.userId,
      doneAt: null,
      isSample: a.isSample,
    }),
  );
  return created.id;
}

/** The visit is deleted (a mistake, or undone): its task goes too while nobody has finished it. */
export async function dropFollowUp(ctx: FollowUpContext, a: Activity): Promise<void> {
  if (a.followUpTaskId === null) return;
  const task = await ctx.db.byId(Task, a.followUpTaskId, true);
  if (task && isOpenStatus(ctx.ws.constants, task.status)) await removeTask(ctx, task);
}

async function removeTask(ctx: FollowUpContext, task: Task): Promise<void> {
  await ctx.db.delete(Task, { id: task.id });
  await ctx.deleted.record({ workspaceId: ctx.ws.id, type: 'task', recordId: task.id, ownerId: task.ownerId, userIds: [task.assigneeId] });
}
