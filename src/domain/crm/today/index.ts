/** The Today feature's public entry: what other features read of it (the weekly targets and their weeks). */
export { TodayModule } from './today.module';
export { TodayService, weeklyTargets, weekStartOf } from './today.service';
export { WeeklyTargetsService, type WeeklyTargetsView } from './weekly-targets.service';
