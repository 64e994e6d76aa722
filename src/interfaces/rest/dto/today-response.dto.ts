import { ApiProperty } from '@nestjs/swagger';
import { LeadSchema } from './leads.dto';

/**
 * Response shape of GET /today for the OpenAPI document (documentation only; the
 * mappers in src/interfaces/rest/mappers build the bodies). Types follow spec 4.2; where a value may be null the
 * schema says so.
 */

class UserSummarySchema {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() username: string;
  @ApiProperty() full_name: string;
  @ApiProperty() role: string;
  @ApiProperty() role_label: string;
}

class MainContactSchema {
  @ApiProperty() email: string;
  @ApiProperty() name: string;
  @ApiProperty() phone: string;
  @ApiProperty() wa: string;
}

export class CustomerCardSchema {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() rid: string;
  @ApiProperty() name: string;
  @ApiProperty() initials: string;
  @ApiProperty() city: string;
  @ApiProperty() sector: string;
  @ApiProperty() status: string;
  @ApiProperty() status_label: string;
  @ApiProperty() unit: string;
  @ApiProperty() currency: string;
  @ApiProperty() currency_default: string;
  @ApiProperty() phone: string;
  @ApiProperty() active: boolean;
  @ApiProperty() at_risk: boolean;
  @ApiProperty({ format: 'date', description: 'latest visit; never visited: the creation date (visit_state is then `never`)' })
  last_visit: string;
  @ApiProperty({ format: 'date', nullable: true, type: String, description: 'last_visit + period; null only when the status has no visit period' })
  next_visit_due: string | null;
  @ApiProperty({ type: 'integer', description: 'open opportunities; 0 without the Opportunities module' }) open_opps: number;
  @ApiProperty({ type: 'integer' }) period: number;
  @ApiProperty({ type: 'integer' }) visit_overdue_days: number;
  @ApiProperty({ enum: ['none', 'open_tasks'], description: '`none` without the Visits / Activities module' }) pending_state: string;
  @ApiProperty({ enum: ['never', 'ok', 'due_soon', 'overdue'] }) visit_state: string;
  @ApiProperty({ description: '0 when unknown' }) potential_kg: number;
  @ApiProperty({ type: MainContactSchema, nullable: true }) main_contact: MainContactSchema | null;
  @ApiProperty({ type: UserSummarySchema, nullable: true }) owner: UserSummarySchema | null;
}

export class ContactCardSchema {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ type: 'integer', nullable: true }) customer_id: number | null;
  @ApiProperty() customer: string;
  @ApiProperty() department: string;
  @ApiProperty() email: string;
  @ApiProperty() is_former: boolean;
  @ApiProperty() is_main: boolean;
  @ApiProperty() name: string;
  @ApiProperty() note: string;
  @ApiProperty() phone: string;
  @ApiProperty() rid: string;
  @ApiProperty() title: string;
  @ApiProperty() wa: string;
}

class CardCountsSchema {
  @ApiProperty({ type: 'integer' }) mine: number;
  @ApiProperty({ type: 'integer' }) recent: number;
  @ApiProperty({ type: 'integer' }) team: number;
}

class CustomerCardsSchema {
  @ApiProperty({ type: [CustomerCardSchema] }) mine: CustomerCardSchema[];
  @ApiProperty({ type: [CustomerCardSchema] }) team: CustomerCardSchema[];
  @ApiProperty({ type: [CustomerCardSchema] }) recent: CustomerCardSchema[];
  @ApiProperty({ type: CardCountsSchema }) n: CardCountsSchema;
}

class ContactCardsSchema {
  @ApiProperty({ type: [ContactCardSchema] }) mine: ContactCardSchema[];
  @ApiProperty({ type: [ContactCardSchema] }) team: ContactCardSchema[];
  @ApiProperty({ type: [ContactCardSchema] }) recent: ContactCardSchema[];
  @ApiProperty({ type: CardCountsSchema }) n: CardCountsSchema;
}

class LeadCardsSchema {
  @ApiProperty({ type: [LeadSchema], description: 'own leads still to work on (status not in lead_closed_statuses nor won), next date first' }) mine: LeadSchema[];
  @ApiProperty({ type: [LeadSchema] }) team: LeadSchema[];
  @ApiProperty({ type: [LeadSchema], description: 'recently opened leads' }) recent: LeadSchema[];
  @ApiProperty({ type: CardCountsSchema }) n: CardCountsSchema;
}

class TodayCardsSchema {
  @ApiProperty({ type: CustomerCardsSchema, description: 'empty without the Customers module' }) customers: CustomerCardsSchema;
  @ApiProperty({ type: ContactCardsSchema, description: 'empty without the Customers module' }) contacts: ContactCardsSchema;
  @ApiProperty({ type: LeadCardsSchema, description: 'empty without the Fair leads module' }) leads: LeadCardsSchema;
}

class MeetingSchema {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() title: string;
  @ApiProperty({ description: 'local time' }) start: string;
  @ApiProperty({ description: 'local time' }) end: string;
  @ApiProperty() location: string;
  @ApiProperty({ type: 'integer', nullable: true }) customer_id: number | null;
}

class TodayTaskSchema {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() title: string;
  @ApiProperty({ format: 'date', nullable: true, type: String }) due_date: string | null;
  @ApiProperty() priority: string;
  @ApiProperty() status: string;
  @ApiProperty({ type: 'integer', nullable: true }) customer_id: number | null;
  @ApiProperty({ type: 'integer', nullable: true }) opp_id: number | null;
  @ApiProperty() overdue: boolean;
}

class OverdueSchema {
  @ApiProperty({ type: [TodayTaskSchema] }) tasks: TodayTaskSchema[];
  @ApiProperty({ type: [CustomerCardSchema], description: 'needs Customers and Visits / Activities' }) visits: CustomerCardSchema[];
}

class TargetSchema {
  @ApiProperty({ type: 'integer', description: '0 without the Visits / Activities module' }) target: number;
  @ApiProperty({ type: 'integer' }) done: number;
}

class TargetsSchema {
  @ApiProperty({ format: 'date' }) week_start: string;
  @ApiProperty({ type: TargetSchema }) visits: TargetSchema;
  @ApiProperty({ type: TargetSchema }) tasks: TargetSchema;
}

export class TodayResponseSchema {
  @ApiProperty() ok: boolean;
  @ApiProperty({ format: 'date' }) date: string;
  @ApiProperty({ type: TodayCardsSchema }) cards: TodayCardsSchema;
  @ApiProperty({ type: [MeetingSchema], description: 'needs Visits / Activities' }) meetings: MeetingSchema[];
  @ApiProperty({ type: [TodayTaskSchema], description: 'needs Visits / Activities' }) actions: TodayTaskSchema[];
  @ApiProperty({ type: OverdueSchema }) overdue: OverdueSchema;
  @ApiProperty({ type: TargetsSchema }) targets: TargetsSchema;
}
