import { Module } from '@nestjs/common';
import { ProductsModule } from './products/products.module';
import { SharedCrmModule } from './shared/shared-crm.module';
import { RecordOpensModule } from './record-opens/record-opens.module';
import { CompaniesModule } from './companies/companies.module';
import { PeopleModule } from './people/people.module';
import { OpportunitiesModule } from './opportunities/opportunities.module';
import { ActivitiesModule } from './activities/activities.module';
import { TasksModule } from './tasks/tasks.module';
import { CalendarModule } from './calendar/calendar.module';
import { TodayModule } from './today/today.module';
import { SyncModule } from './sync/sync.module';
import { OrdersModule } from './orders/orders.module';
import { TicketsModule } from './tickets/tickets.module';
import { LeadsModule } from './leads/leads.module';
import { ObjectsModule } from './objects/objects.module';
import { ApprovalsModule } from './approvals/approvals.module';
import { EmailModule } from './email/email.module';
import { FormsModule } from './forms/forms.module';
import { HooksModule } from './hooks/hooks.module';
import { WorkflowsModule } from './workflows/workflows.module';
import { QuickEntryModule } from './quick-entry/quick-entry.module';
import { SearchModule } from './search/search.module';
import { JournalModule } from './journal/journal.module';
import { ConnectionsModule } from './connections/connections.module';
import { ReportsModule } from './reports/reports.module';
import { ImportsModule } from './imports/imports.module';
// registers the features' event kinds with the outbox before anything reads them
import './event-kinds';
import './constants-blocks';

/** The CRM domain: the interfaces (REST, MCP, ERP, web pages) and the demo seed call these services. */
const FEATURES = [ProductsModule, CompaniesModule, PeopleModule, OpportunitiesModule, ActivitiesModule, TasksModule, CalendarModule, TodayModule, SyncModule, OrdersModule, TicketsModule, LeadsModule, ObjectsModule, ApprovalsModule, EmailModule, FormsModule, QuickEntryModule, SearchModule, JournalModule, ConnectionsModule, ReportsModule, HooksModule, ImportsModule, WorkflowsModule];

@Module({ imports: [SharedCrmModule, RecordOpensModule, ...FEATURES], exports: FEATURES })
export class CrmModule {}
