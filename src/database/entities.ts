import { AuditLog } from '../events/audit-log.entity';
import { OutboxEvent } from '../events/outbox-event.entity';
import { WebhookConnection } from '../events/webhooks/webhook-connection.entity';
import { WebhookDelivery } from '../events/webhooks/webhook-delivery.entity';
import { Credential } from '../identity/credential.entity';
import { User } from '../identity/user.entity';
import { Activity } from '../crm/activities/activity.entity';
import { CalendarEntry } from '../crm/calendar/calendar-entry.entity';
import { Company } from '../crm/companies/company.entity';
import { Note } from '../crm/opportunities/note.entity';
import { OppLog } from '../crm/opportunities/opp-log.entity';
import { Opportunity } from '../crm/opportunities/opportunity.entity';
import { Step } from '../crm/opportunities/step.entity';
import { Person } from '../crm/people/person.entity';
import { Product } from '../crm/products/product.entity';
import { RecordOpen } from '../crm/shared/record-open.entity';
import { DeletedRecord } from '../crm/sync/deleted-record.entity';
import { Task } from '../crm/tasks/task.entity';
import { Workspace } from '../workspace/workspace.entity';

/** Every entity, for the runtime data source and the TypeORM CLI alike. */
export const ENTITIES = [
  Workspace,
  User,
  Credential,
  AuditLog,
  OutboxEvent,
  Product,
  Company,
  Person,
  Opportunity,
  OppLog,
  Step,
  Note,
  Activity,
  Task,
  CalendarEntry,
  RecordOpen,
  DeletedRecord,
  WebhookConnection,
  WebhookDelivery,
];
