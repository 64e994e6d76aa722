import { Module } from '@nestjs/common';
import { CrmModule } from '../../domain/crm/crm.module';
import { AuthController } from './identity/auth.controller';
import { ApiKeysController } from './identity/api-keys.controller';
import { PreferencesController } from './identity/preferences.controller';
import { ProductsController } from './products/products.controller';
import { ImportsController } from './imports/imports.controller';
import { CompaniesController } from './companies/companies.controller';
import { PeopleController } from './people/people.controller';
import { OpportunitiesController } from './opportunities/opportunities.controller';
import { ActivitiesController } from './activities/activities.controller';
import { TasksController } from './tasks/tasks.controller';
import { CalendarController } from './calendar/calendar.controller';
import { TodayController } from './today/today.controller';
import { SearchController } from './search/search.controller';
import { SyncController } from './sync/sync.controller';
import { OrdersController } from './orders/orders.controller';
import { TicketsController } from './tickets/tickets.controller';
import { FairsController } from './leads/fairs.controller';
import { LeadsController } from './leads/leads.controller';
import { ObjectsController } from './objects/objects.controller';
import { ApprovalsController } from './approvals/approvals.controller';
import { EmailController } from './email/email.controller';
import { FormsController } from './forms/forms.controller';
import { HooksController } from './hooks/hooks.controller';
import { InboundHooksController } from './hooks/inbound-hooks.controller';
import { WorkflowsController } from './workflows/workflows.controller';
import { QuickEntryController } from './quick-entry/quick-entry.controller';
import { ScimConnectionController } from './connections/scim-connection.controller';
import { PermissionsController } from './identity/permissions.controller';
import { ErpConnectionController } from './connections/erp-connection.controller';
import { InvitationsController } from './identity/invitations.controller';
import { UserInvitationsController } from './identity/user-invitations.controller';
import { AppsController } from './identity/apps.controller';
import { ConnectionsController } from './connections/connections.controller';
import { ReportsController } from './reports/reports.controller';
import { ExportController } from './export/export.controller';
import { ExportService } from './export/export.service';
import { ExportLinks } from '../../edge/export-links';

/** The REST API /api/v1: controllers, DTOs and mapping only. */
@Module({
  imports: [CrmModule],
  // ExportController before the record controllers: `/companies/export` must not reach `/companies/{id}`
  controllers: [ExportController, AuthController, ApiKeysController, PreferencesController, ProductsController, CompaniesController, PeopleController, OpportunitiesController, ActivitiesController, TasksController, CalendarController, TodayController, SearchController, SyncController, OrdersController, TicketsController, FairsController, LeadsController, ObjectsController, ApprovalsController, EmailController, FormsController, QuickEntryController, ScimConnectionController, ErpConnectionController, InvitationsController, UserInvitationsController, AppsController, ConnectionsController, ReportsController, HooksController, InboundHooksController, ImportsController, PermissionsController, WorkflowsController],
  providers: [ExportService, ExportLinks],
})
export class RestModule {}
