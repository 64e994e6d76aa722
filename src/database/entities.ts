import { AuditLog } from '../events/audit-log.entity';
import { MailMessage } from '../events/mail-outbox.entity';
import { OutboxEvent } from '../events/outbox-event.entity';
import { WebhookConnection } from '../events/webhooks/webhook-connection.entity';
import { WebhookDelivery } from '../events/webhooks/webhook-delivery.entity';
import { Credential } from '../identity/credential.entity';
import { Invitation } from '../identity/invitation.entity';
import { OAuthClient } from '../identity/oauth/oauth-client.entity';
import { OAuthCode } from '../identity/oauth/oauth-code.entity';
import { OAuthGrant } from '../identity/oauth/oauth-grant.entity';
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
import { ErpQueueEntry } from '../crm/orders/erp-queue-entry.entity';
import { Order } from '../crm/orders/order.entity';
import { Ticket } from '../crm/tickets/ticket.entity';
import { Fair } from '../crm/leads/fair.entity';
import { Lead } from '../crm/leads/lead.entity';
import { ObjectLink } from '../crm/objects/object-link.entity';
import { ObjectRecord } from '../crm/objects/object-record.entity';
import { ObjectType } from '../crm/objects/object-type.entity';
import { Workspace } from '../workspace/workspace.entity';
import { ApprovalList } from '../crm/approvals/approval-list.entity';
import { ApprovalRequest } from '../crm/approvals/approval-request.entity';
import { Mailbox } from '../crm/email/mailbox.entity';
import { WebForm } from '../crm/forms/web-form.entity';

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
  Order,
  ErpQueueEntry,
  Ticket,
  Fair,
  Lead,
  ObjectType,
  ObjectRecord,
  ObjectLink,
  ApprovalList,
  ApprovalRequest,
  Mailbox,
  WebForm,
  MailMessage,
  Invitation,
  OAuthClient,
  OAuthGrant,
  OAuthCode,
  WebhookConnection,
  WebhookDelivery,
];
