import { z } from 'zod';
import { id, name, text } from '../../../platform/common/record-input';
import { summaryOf, USER_SUMMARY_EXAMPLE, UserSummarySchema } from '../../identity/user.view';
import type { Workspace } from '../../workspace/workspace.entity';
import { formatTimestamp } from '../../../platform/common/time';
import { field, maskOf, without } from '../../../platform/common/record-fields';
import { nameOf } from '../shared/lateral';
import type { Page } from '../shared/paging';
import type { TicketView } from './tickets.service';
import type { DomainEvent } from '../../../platform/outbox/domain-event';
import type { Ticket } from './ticket.entity';
import type { EventKindList } from '../../../platform/outbox/event-kinds';
import { MODULES } from '../../workspace/defaults';

/**
 * The read model of a support ticket: the record as the outside world sees it, linked names beside ids, timestamps
 * in the workspace's local time, with its one schema. REST documents the schema as Ticket
 * (`recordSchemas` in `src/interfaces/rest/tickets/tickets.controller.ts`), and MCP answers and describes the compact projection (below), so a
 * field added here is in every answer.
 */

/**
 * What a new ticket is made of: the one declaration of the create command's fields, with their checks and
 * descriptions. The create_ticket tool takes it as its input, REST's CreateTicketDto is made from it (`FieldsDto`), and
 * the service stores a field it does not treat itself as it came, in the entity's property of the same name: a plain
 * field is declared here, in the record below and in the entity's column. A link may be sent as null, the same as
 * leaving it out.
 */
export const TicketFields = z.object({
  subject: name(300, 'what the problem is'),
  body: text(10000, 'the request in full').optional(),
  priority: text(40, 'a key of app.ticket_sla_hours; due_at = creation + those hours'),
  status: text(40, 'one of constants.ticket_statuses; default constants.ticket_new_status').optional(),
  who: text(200, "who raised it; default the person's name, else the caller's").optional(),
  customer_id: id('company').nullable().optional().describe("company; default the person's company"),
  person_id: id('contact').nullable().optional().describe('the contact who raised it'),
  assignee_id: id('user').nullable().optional().describe('an active user'),
});

/**
 * What a list of tickets is filtered by (each optional; they combine): REST's query is made from it (`QueryDto`, with
 * the page's `limit`, `cursor`, `sort` and `updated_since`), list_tickets takes it, and the service's list reads it.
 */
export const TicketFilters = z.object({
  status: text(40, 'one of constants.ticket_statuses').optional(),
  priority: text(40, 'a key of app.ticket_sla_hours').optional(),
  customer_id: id('company').optional(),
  assignee_id: id('assigned user').optional(),
});

/**
 * What a change of a ticket may send (omitted fields keep their values): REST's UpdateTicketDto is made from it and
 * update_ticket takes it.
 */
export const TicketChangeFields = z.object({
  status: text(40, 'one of constants.ticket_statuses; a closed status sets closed_at, another clears it').optional(),
  priority: text(40, 'a key of app.ticket_sla_hours; due_at is recomputed from created_at').optional(),
  assignee_id: id('user').nullable().optional().describe('an active user; null removes the assignee'),
});

/** A support ticket (beyond the spec: docs/decisions/crm-records.md, "Tickets"). */
export const TicketRecord = z.object({
  id: field.id(),
  subject: z.string(),
  body: z.string().meta({ description: 'the request in full' }),
  priority: z.string().meta({ description: 'a key of app.ticket_sla_hours (GET /api/v1/me)' }),
  status: z.string().meta({ description: 'one of constants.ticket_statuses (GET /api/v1/me)' }),
  who: z.string().meta({ description: 'who raised it, as text' }),
  customer_id: field.id().nullable(),
  customer: z.string().nullable().meta({ description: "the company's name; null without one, '' when it no longer exists" }),
  person_id: field.id().nullable(),
  person: z.string().nullable().meta({ description: "the person's name; null without one, '' when it no longer exists" }),
  assignee: UserSummarySchema.nullable(),
  owner: UserSummarySchema.nullable(),
  sla_hours: z.number().min(0).meta({ description: 'app.ticket_sla_hours[priority]; 0 for a priority no longer listed' }),
  due_at: field.timestamp().meta({ description: 'created_at + sla_hours, in the local time of the workspace' }),
  overdue: z.boolean().meta({ description: 'past due_at and not in a closed status' }),
  closed_at: field.timestamp().nullable().meta({ description: 'set when the ticket enters a closed status, cleared when it leaves it' }),
  can_edit: z.boolean().meta({ description: 'the caller may change this ticket' }),
  created_at: field.timestamp(),
  updated_at: field.timestamp(),
});

/** The record as the API documents show it. */
export const TICKET_EXAMPLE: z.output<typeof TicketRecord> = {
  id: 58, subject: 'Film tears on the winder', body: 'Since the last delivery the film tears at 300 m/min.', priority: 'High', status: 'Open',
  who: 'Mert Kaya', customer_id: 42, customer: 'Anadolu Ambalaj A.Ş.', person_id: 118, person: 'Mert Kaya', assignee: USER_SUMMARY_EXAMPLE, owner: USER_SUMMARY_EXAMPLE, sla_hours: 8,
  due_at: '2026-11-26T17:30:00', overdue: false, closed_at: null, can_edit: true, created_at: '2026-11-26T09:30:00', updated_at: '2026-11-26T09:30:00',
};

/** The support ticket record. */
export function ticketView(v: TicketView, ws: Workspace): z.output<typeof TicketRecord> {
  const t = v.ticket;
  const tz = ws.timezone;
  return {
    id: t.id,
    subject: t.subject,
    body: t.body,
    priority: t.priority,
    status: t.status,
    who: t.who,
    customer_id: t.customerId,
    customer: nameOf(v.names.companies, t.customerId),
    person_id: t.personId,
    person: nameOf(v.names.people, t.personId),
    assignee: summaryOf(v.users, t.assigneeId, ws.app.locale),
    owner: summaryOf(v.users, t.ownerId, ws.app.locale),
    sla_hours: ws.app.ticket_sla_hours?.[t.priority] ?? 0,
    due_at: formatTimestamp(t.dueAt, tz),
    overdue: v.overdue,
    closed_at: formatTimestamp(t.closedAt, tz),
    can_edit: v.canEdit,
    created_at: formatTimestamp(t.createdAt, tz),
    updated_at: formatTimestamp(t.updatedAt, tz),
  };
}

/** A page of ticket records, in the order the page holds them. */
export const ticketPageView = (page: Page<TicketView>, ws: Workspace) => page.items.map((v) => ticketView(v, ws));

/** What the compact projection leaves out of the record: the names, the user summaries, the SLA hours, the last change. */
const NOT_COMPACT = ['customer', 'person', 'assignee', 'owner', 'sla_hours', 'updated_at'] as const;

/** The compact projection MCP tools and Ask's model answer: the record with ids for the people, no SLA hours. */
export const TicketCompact = TicketRecord.omit(maskOf(NOT_COMPACT)).extend({
  assignee_id: field.id().nullable(),
  owner_id: field.id(),
});

export const ticketCompact = (v: TicketView, ws: Workspace): z.output<typeof TicketCompact> => ({
  ...without(ticketView(v, ws), NOT_COMPACT),
  assignee_id: v.ticket.assigneeId,
  owner_id: v.ticket.ownerId,
});

/** Path of a ticket in the CRM's web UI (webhook `url`). */
export const ticketPath = (id: number): string => `/tickets/${id}`;

/** `ticket_created` (spec 6.1: data id, subject, priority, who). */
export function ticketCreated(t: Ticket): DomainEvent {
  return {
    workspaceId: t.workspaceId,
    event: 'ticket_created',
    title: `New ticket: ${t.subject}`,
    text: `${t.who} raised "${t.subject}" (${t.priority}).`,
    url: ticketPath(t.id),
    data: { id: t.id, subject: t.subject, priority: t.priority, who: t.who },
    recordType: 'ticket',
    recordId: t.id,
    sample: t.isSample,
  };
}

declare module '../../../platform/outbox/event-kinds' {
  interface EventNames {
    ticket_created: true;
  }
}

/** The events a ticket records (spec 6.1). */
export const TICKET_EVENT_KINDS: EventKindList = {
  place: 60,
  kinds: [
    { name: 'ticket_created', label: { en: 'a ticket is opened', tr: 'bir destek kaydı açıldığında' }, module: MODULES.support, dataFields: ['id', 'subject', 'priority', 'who'], record: { type: 'ticket', table: 'tickets', assigneeSees: true } },
  ],
};
