import { Injectable } from '@nestjs/common';
import { forbidden } from '../../../platform/common/errors';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { isAdmin, type UserContext } from '../../identity/auth-context';
import { WorkspaceService } from '../../workspace/workspace.service';
import { weeklyTargets } from './today.service';

export interface WeeklyTargetsView {
  visits: number;
  tasks: number;
}

/**
 * The workspace's weekly visit and task targets per user (constants `weekly_visit_target`, `weekly_task_target`):
 * Today's progress bars and the activity report read them; admins set them (docs/decisions/reports.md, "Weekly
 * targets") through the same validated constants write as the admin CLI's `constants:set`, audited.
 */
@Injectable()
export class WeeklyTargetsService {
  constructor(
    private readonly workspaces: WorkspaceService,
    private readonly uow: UnitOfWork,
  ) {}

  get(auth: UserContext): WeeklyTargetsView {
    return weeklyTargets(auth.workspace.constants);
  }

  async set(auth: UserContext, input: Partial<WeeklyTargetsView>): Promise<WeeklyTargetsView> {
    if (!isAdmin(auth)) throw forbidden('only admins set the weekly targets');
    const patch: Record<string, number> = {};
    if (input.visits !== undefined) patch.weekly_visit_target = input.visits;
    if (input.tasks !== undefined) patch.weekly_task_target = input.tasks;
    return this.uow.run(async () => {
      const constants = await this.workspaces.setConstants(auth.workspace.slug, patch);
      const next = weeklyTargets(constants);
      await this.uow.audit({ workspaceId: auth.workspace.id, action: 'weekly_targets_set', userId: auth.user.id, subject: 'weekly_targets', detail: { ...next } });
      return next;
    });
  }
}
