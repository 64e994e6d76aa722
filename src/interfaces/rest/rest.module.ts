import { Module } from '@nestjs/common';
import { CrmModule } from '../../domain/crm/crm.module';
import { AuthController } from './controllers/auth.controller';
import { ApiKeysController } from './controllers/api-keys.controller';
import { PreferencesController } from './controllers/preferences.controller';
import { ProductsController } from './controllers/products.controller';
import { ImportsController } from './controllers/imports.controller';
import { CompaniesController } from './controllers/companies.controller';
import { PeopleController } from './controllers/people.controller';
import { OpportunitiesController } from './controllers/opportunities.controller';
import { ActivitiesController } from './controllers/activities.controller';
import { TasksController } from './controllers/tasks.controller';
import { CalendarController } from './controllers/calendar.controller';
import { TodayController } from './controllers/today.controller';
import { SearchController } from './controllers/search.controller';
import { SyncController } from './controllers/sync.controller';
import { OrdersController } from './controllers/orders.controller';
import { TicketsController } from './controllers/tickets.controller';
import { FairsController } from './controllers/fairs.controller';
import { LeadsController } from './controllers/leads.controller';
import { ObjectsController } from './controllers/objects.controller';
import { ApprovalsController } from './controllers/approvals.controller';
import { EmailController } from './controllers/email.controller';
import { FormsController } from './controllers/forms.controller';
import { HooksController } from './controllers/hooks.controller';
import { InboundHooksController } from './controllers/inbound-hooks.controller';
import { WorkflowsController } from './controllers/workflows.controller';
import { QuickEntryController } from './controllers/quick-entry.controller';
import { ScimConnectionController } from './controllers/scim-connection.controller';
import { PermissionsController } from './controllers/permissions.controller';
import { ErpConnectionController } from './controllers/erp-connection.controller';
import { InvitationsController } from './controllers/invitations.controller';
import { UserInvitationsController } from './controllers/user-invitations.controller';
import { AppsController } from './controllers/apps.controller';
import { ConnectionsController } from './controllers/connections.controller';
import { ReportsController } from './reports/reports.controller';
import { ExportController } from './controllers/export.controller';
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
