/** The connections console's public entry. */
export { ConnectionsModule } from './connections.module';
export { ConnectionsService } from './connections.service';
export type { ConnectionView, Rotated } from './connections.service';
export { CONNECTION_CONSOLE_KINDS, CONNECTION_STATES } from './connections.rules';
export type { ConsoleKind, ConnectionState } from './connections.rules';
