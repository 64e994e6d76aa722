/** The Today feature's public entry: what other features read of it (the weekly targets and their weeks). */
export { TodayModule } from './today.module';
export { TodayService, WEEKLY_TASK_TARGET, WEEKLY_VISIT_TARGET, weekStartOf } from './today.service';
