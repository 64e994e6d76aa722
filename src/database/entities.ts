import { AuditLog } from '../events/audit-log.entity';
import { OutboxEvent } from '../events/outbox-event.entity';
import { Credential } from '../identity/credential.entity';
import { User } from '../identity/user.entity';
import { Product } from '../crm/products/product.entity';
import { Workspace } from '../workspace/workspace.entity';

/** Every entity, for the runtime data source and the TypeORM CLI alike. */
export const ENTITIES = [Workspace, User, Credential, AuditLog, OutboxEvent, Product];
