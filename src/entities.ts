import { AuditLog } from './platform/outbox/audit-log.entity';
import { MailMessage } from './platform/outbox/mail-outbox.entity';
import { OutboxEvent } from './platform/outbox/outbox-event.entity';
import { WebhookConnection } from './domain/integrations/webhook-connection.entity';
import { WebhookDelivery } from './domain/integrations/webhook-delivery.entity';
import { Credential } from './domain/identity/credential.entity';
import { Invitation } from './domain/identity/invitation.entity';
import { IdempotencyKey } from './domain/identity/idempotency-key.entity';
import { ConnectionUsage } from './domain/identity/connection-usage.entity';
import { OAuthClient } from './domain/identity/oauth/oauth-client.entity';
import { OAuthCode } from './domain/identity/oauth/oauth-code.entity';
import { OAuthGrant } from './domain/identity/oauth/oauth-grant.entity';
import { User } from './domain/identity/user.entity';
import { Activity } from './domain/crm/activities/activity.entity';
import { CalendarEntry } from './domain/crm/calendar/calendar-entry.entity';
import { Company } from './domain/crm/companies/company.entity';
import { ImportFile, ImportJob, ImportRow } from './domain/crm/imports/import-job.entity';
import { Note } from './domain/crm/opportunities/note.entity';
import { OppHistory } from './domain/crm/opportunities/opp-history.entity';
import { OppLog } from './domain/crm/opportunities/opp-log.entity';
import { ForecastAdjustment } from './domain/crm/reports/forecast-adjustment.entity';
import { Quota } from './domain/crm/reports/quota.entity';
import { Opportunity } from './domain/crm/opportunities/opportunity.entity';
import { Step } from './domain/crm/opportunities/step.entity';
import { Person } from './domain/crm/people/person.entity';
import { Product } from './domain/crm/products/product.entity';
import { RecordOpen } from './domain/crm/record-opens/record-open.entity';
import { DeletedRecord } from './domain/crm/sync/deleted-record.entity';
import { Task } from './domain/crm/tasks/task.entity';
import { ErpQueueEntry } from './domain/crm/orders/erp-queue-entry.entity';
import { ErpStall } from './domain/crm/orders/erp-stall.entity';
import { Order } from './domain/crm/orders/order.entity';
import { Ticket } from './domain/crm/tickets/ticket.entity';
import { Fair } from './domain/crm/leads/fair.entity';
import { Lead } from './domain/crm/leads/lead.entity';
import { ObjectLink } from './domain/crm/objects/object-link.entity';
import { ObjectRecord } from './domain/crm/objects/object-record.entity';
import { ObjectType } from './domain/crm/objects/object-type.entity';
import { Workspace } from './domain/workspace/workspace.entity';
import { ApprovalList } from './domain/crm/approvals/approval-list.entity';
import { ApprovalRequest } from './domain/crm/approvals/approval-request.entity';
import { Mailbox } from './domain/crm/email/mailbox.entity';
import { EmailMessage, EmailThread } from './domain/crm/email/email-thread.entity';
import { WebForm } from './domain/crm/forms/web-form.entity';
import { InboundHook, InboundHookReceipt } from './domain/crm/hooks/inbound-hook.entity';
import { Workflow, WorkflowVersion } from './domain/crm/workflows/workflow.entity';
import { WorkflowCursor, WorkflowFired, WorkflowRun } from './domain/crm/workflows/workflow-run.entity';

/** Every entity, for the runtime data source and the TypeORM CLI alike. */
export const ENTITIES = [
  Workspace,
  User,
  Credential,
  IdempotencyKey,
  ConnectionUsage,
  AuditLog,
  OutboxEvent,
  Product,
  Company,
  ImportJob,
  ImportFile,
  ImportRow,
  Person,
  Opportunity,
  OppLog,
  OppHistory,
  Quota,
  ForecastAdjustment,
  Step,
  Note,
  Activity,
  Task,
  CalendarEntry,
  RecordOpen,
  DeletedRecord,
  Order,
  ErpQueueEntry,
  ErpStall,
  Ticket,
  Fair,
  Lead,
  ObjectType,
  ObjectRecord,
  ObjectLink,
  ApprovalList,
  ApprovalRequest,
  Mailbox,
  EmailThread,
  EmailMessage,
  WebForm,
  InboundHook,
  InboundHookReceipt,
  Workflow,
  WorkflowVersion,
  WorkflowRun,
  WorkflowCursor,
  WorkflowFired,
  MailMessage,
  Invitation,
  OAuthClient,
  OAuthGrant,
  OAuthCode,
  WebhookConnection,
  WebhookDelivery,
];
