/** The tasks feature's public entry: what other CRM features may use (entities are read from their own files). */
export { TasksModule } from './tasks.module';
export { defaultPriority, defaultStatus, isOpenStatus } from './tasks.rules';
export { TasksService } from './tasks.service';
export type { TaskFields } from './task.view';
