import { z } from 'zod';
import { summaryOf, USER_SUMMARY_EXAMPLE, UserSummarySchema } from '../../identity/user.view';
import type { Workspace } from '../../workspace/workspace.entity';
import { formatTimestamp } from '../../../platform/common/time';
import { field, maskOf } from '../../../platform/common/record-fields';
import { amount, date, emailOrEmpty, id, name, orNull, text } from '../../../platform/common/record-input';
import { initials } from '../shared/initials';
import { rid } from '../shared/record-keys';
import type { Fair } from './fair.entity';
import type { FairPage, FairViews } from './fairs.service';
import type { ConvertResult } from './lead-convert.service';
import type { Lead } from './lead.entity';
import { contactLabel, leadPeople, statusEff } from './leads.rules';
import type { LeadOne, LeadPage, LeadViews } from './leads.service';
import type { EventKindList } from '../../../platform/outbox/event-kinds';
import { MODULES } from '../../workspace/defaults';

/**
 * The read model of a lead and of its trade fair: the records as the outside world sees them (spec 2.5), names
 * beside ids, timestamps in the workspace's local time, with the lead's schema. REST documents it as Lead
 * (`src/interfaces/rest/leads/lead.schema.ts`; the fair's as Fair, `fair.schema.ts`), Today
 * and exports show the lead, and MCP answers and describes the compact projection (below): a field is declared and
 * mapped here once.
 */

/** Largest value of a numeric(14,2) column. */
const MAX_QUANTITY = 999_999_999_999.99;

/**
 * What a list of leads is filtered by (each optional; they combine): REST's query is made from it (`QueryDto`, with
 * the page's own fields), list_leads takes it (its text search named `query`), and the service's list reads it.
 */
export const LeadFilters = z.object({
  fair_id: id('trade fair').optional(),
  status: text(40, 'a lead status (or the won status)').optional(),
  owner_id: id('owner').optional(),
  q: text(200, 'company, contact name or e-mail contains (case-insensitive)').optional(),
  external_id: text(200, "the record's key in another system, exactly").optional(),
});

/**
 * A lead's fields as the form, a create or an update takes them (spec 2.5 field names), declared once: REST's bodies
 * are made from them (`FieldsDto`; `people`, a list of objects, is written by hand beside them), the create_lead and
 * update_lead tools take them with `people`, and inbound hooks map onto them. A field added here reaches every
 * interface; the service stores it (`TEXT_FIELDS` in leads.service.ts for a text).
 */
export const LeadFields = z.object({
  contact_name: text(200, 'the contact person').optional(),
  title: text(150, "the contact's job title").optional(),
  email: emailOrEmpty("the contact's e-mail address; '' clears it").optional(),
  phone: text(50, 'phone').optional(),
  wa: text(50, 'WhatsApp number').optional(),
  website: text(300, 'website').optional(),
  city: text(100, 'city').optional(),
  sector: text(100, 'sector').optional(),
  supplier: text(200, 'their current supplier').optional(),
  fair_id: orNull(id('trade fair')).describe('the fair the lead was met at; null removes it'),
  interest: text(40, 'one of constants.lead_interest, or empty').optional(),
  line: text(100, 'the product line they asked about').optional(),
  next_action: text(100, 'one of constants.lead_next_actions, or empty').optional(),
  next_date: orNull(date('when to do the next action')).describe('when to do the next action (YYYY-MM-DD); null removes it'),
  note: text(5000, 'note').optional(),
  project_note: text(5000, 'about their project').optional(),
  external_id: orNull(text(200, "the record's key in the system it came from (unique per workspace and kind; imports match on it); null or '' removes it")),
  products: text(500, 'products of interest (codes or names)').optional(),
  products_text: text(5000, 'products of interest, as they put it').optional(),
  timing: text(40, 'one of constants.lead_timings, or empty').optional(),
  visitor_type: text(40, 'one of constants.lead_visitor_types, or empty').optional(),
  unit: text(16, 'one of app.units, or empty').optional(),
  potential_kg: orNull(amount('yearly potential in the unit; null when unknown', { places: 2, max: MAX_QUANTITY })),
  opp_type: text(40, 'one of constants.opp_types, or empty: the type of the opportunity a conversion creates').optional(),
  customer_id: orNull(id('company')).describe('a registered company the lead belongs to; null removes it'),
  status: text(40, 'one of constants.lead_statuses').optional(),
  owner_id: id('user').optional().describe('an active user; default the caller'),
});

/** A person met besides the primary contact, as the form and the tools take one. */
export const LeadPersonFields = z.strictObject({
  name: name(200, "the person's name"),
  title: text(150, 'job title').optional(),
  email: emailOrEmpty('e-mail address').optional(),
  phone: text(50, 'phone').optional(),
});

/** The people met besides the primary contact: up to 20; null or [] removes them. */
export const LeadPeopleField = z.array(LeadPersonFields).max(20, 'at most 20 people').nullable().optional().describe('people met besides the primary contact (at most 20); null removes them');

/** A new lead: the company's name, the fields and the people. */
export const LeadCreateFields = z.object({ company: name(200, 'the company name as written on the lead'), ...LeadFields.shape, people: LeadPeopleField });

/** A change to a lead: the fields given change; with `company` the whole form is rewritten (omitted fields cleared). */
export const LeadChangeFields = z.object({
  company: name(200, 'the company name; sending it rewrites the whole form: omitted form fields are cleared').optional(),
  ...LeadFields.shape,
  people: LeadPeopleField,
});

export type LeadCreateInput = z.output<typeof LeadCreateFields>;
export type LeadInput = z.output<typeof LeadChangeFields>;
export type LeadPersonInput = z.output<typeof LeadPersonFields>;

/** A person of the lead: the primary contact (when named) and the people met besides (REST names it LeadPerson). */
export const LeadPersonSchema = z.object({
  cid: field.id().nullable().meta({ description: 'the contact the conversion linked or created; null before conversion or when skipped' }),
  email: z.string(),
  name: z.string(),
  phone: z.string(),
  title: z.string(),
});
export const LEAD_PERSON_EXAMPLE: z.output<typeof LeadPersonSchema> = { cid: 318, email: 'mert@anadolu.example', name: 'Mert Kaya', phone: '+90 532 555 0101', title: 'Purchasing manager' };

/** Spec 2.5: the lead record (also the item of Today's leads card). */
export const LeadRecord = z.object({
  id: field.id(),
  rid: z.string().meta({ description: 'display key, e.g. L-12' }),
  company: z.string().meta({ description: 'the company name as written on the lead' }),
  contact_name: z.string(),
  contact_label: z.string().meta({ description: 'contact name and title, for display' }),
  title: z.string(),
  email: z.string(),
  phone: z.string(),
  wa: z.string().meta({ description: 'WhatsApp number' }),
  website: z.string(),
  city: z.string(),
  sector: z.string(),
  supplier: z.string().meta({ description: 'their current supplier' }),
  fair: z.string().meta({ description: 'name of the fair; empty without one' }),
  fair_id: field.id().nullable().meta({ description: 'the fair the lead was met at; null without one' }),
  created_at: field.timestamp(),
  updated_at: field.timestamp(),
  initials: z.string().meta({ description: 'of the company (or the contact when the company is empty)' }),
  interest: z.string().meta({ description: 'one of constants.lead_interest (GET /api/v1/me), or empty' }),
  line: z.string().meta({ description: 'product line' }),
  next_action: z.string().meta({ description: 'one of constants.lead_next_actions (GET /api/v1/me), or empty' }),
  next_date: field.date().nullable(),
  note: z.string(),
  project_note: z.string(),
  external_id: z.string().nullable().meta({ description: "the record's key in the system it came from (imports match on it); unique per workspace; null when none" }),
  products: z.string().meta({ description: 'products of interest (codes or names)' }),
  products_text: z.string(),
  timing: z.string().meta({ description: 'one of constants.lead_timings (GET /api/v1/me), or empty' }),
  visitor_type: z.string().meta({ description: 'one of constants.lead_visitor_types (GET /api/v1/me), or empty' }),
  unit: z.string().meta({ description: 'one of app.units (GET /api/v1/me), or empty' }),
  potential_kg: z.number().nullable().meta({ description: 'potential quantity in `unit`; null when unknown' }),
  opp_id: field.id().nullable().meta({ description: 'the opportunity the conversion created or linked' }),
  opp_type: z.string().meta({ description: 'one of constants.opp_types (GET /api/v1/me), or empty: the type of the opportunity a conversion creates' }),
  customer_id: field.id().nullable().meta({ description: 'a registered company the lead belongs to' }),
  task_id: field.id().nullable().meta({ description: "the follow-up task the conversion made of the lead's next action" }),
  owner: UserSummarySchema.nullable(),
  can_edit: z.boolean().meta({ description: 'the caller may change this lead' }),
  status: z.string().meta({ description: 'stored status: one of constants.lead_statuses, or constants.lead_status_won (GET /api/v1/me; spec 3.1)' }),
  status_eff: z.string().meta({ description: 'effective status: constants.lead_status_won while the linked opportunity is won, else `status`' }),
  link_contact_id: field.id().nullable().meta({ description: 'after conversion: the primary contact' }),
  link_customer: z.string().meta({ description: 'after conversion: the company name; empty before' }),
  link_customer_id: field.id().nullable().meta({ description: 'after conversion: the company' }),
  converted_at: field.timestamp().nullable().meta({ description: 'local time of the conversion; null before' }),
  people: z.array(LeadPersonSchema).meta({ description: 'the primary contact (when named) and the extra people; convert maps them by index' }),
});

/** The record as the API documents show it. */
export const LEAD_EXAMPLE: z.output<typeof LeadRecord> = {
  id: 12, rid: 'L-12', company: 'Anadolu Ambalaj A.Ş.', contact_name: 'Mert Kaya', contact_label: 'Mert Kaya, Purchasing manager', title: 'Purchasing manager',
  email: 'mert@anadolu.example', phone: '+90 532 555 0101', wa: '+905325550101', website: 'https://anadolu.example', city: 'Bursa', sector: 'Packaging',
  supplier: 'Polifilm', fair: 'Plast Eurasia 2026', fair_id: 4, created_at: '2026-11-26T11:14:05', updated_at: '2026-11-27T09:02:40', initials: 'AA',
  interest: 'High', line: 'Stretch film', next_action: 'Send offer', next_date: '2026-12-03', note: 'Wants samples of 23µ.', project_note: '', external_id: null,
  products: 'PE-23, PE-50', products_text: '', timing: '3 months', visitor_type: 'Customer', unit: 'kg', potential_kg: 180000, opp_id: 95, opp_type: 'New business',
  customer_id: 42, task_id: 501, owner: USER_SUMMARY_EXAMPLE, can_edit: true, status: 'Aktarıldı', status_eff: 'Aktarıldı', link_contact_id: 318,
  link_customer: 'Anadolu Ambalaj A.Ş.', link_customer_id: 42, converted_at: '2026-11-27T09:02:40', people: [LEAD_PERSON_EXAMPLE],
};

/** Spec 2.5: the lead record (also the item of Today's leads card). */
export function leadView(l: Lead, v: LeadViews, ws: Workspace): z.output<typeof LeadRecord> {
  return {
    id: l.id,
    rid: rid('L', l.id),
    company: l.company,
    contact_name: l.contactName,
    contact_label: contactLabel(l),
    title: l.title,
    email: l.email,
    phone: l.phone,
    wa: l.wa,
    website: l.website,
    city: l.city,
    sector: l.sector,
    supplier: l.supplier,
    fair: l.fairId !== null ? (v.fairs.get(l.fairId) ?? '') : '',
    fair_id: l.fairId,
    created_at: formatTimestamp(l.createdAt, ws.timezone),
    updated_at: formatTimestamp(l.updatedAt, ws.timezone),
    initials: initials(l.company || l.contactName),
    interest: l.interest,
    line: l.line,
    next_action: l.nextAction,
    next_date: l.nextDate,
    note: l.note,
    project_note: l.projectNote,
    external_id: l.externalId,
    products: l.products,
    products_text: l.productsText,
    timing: l.timing,
    visitor_type: l.visitorType,
    unit: l.unit,
    potential_kg: l.potentialKg,
    opp_id: l.oppId,
    opp_type: l.oppType,
    customer_id: l.customerId,
    task_id: l.taskId,
    owner: summaryOf(v.owners, l.ownerId, ws.app.locale),
    can_edit: v.editable.has(l.id),
    status: l.status,
    status_eff: statusEff(ws.constants, l.status, l.oppId !== null && v.wonOpps.has(l.oppId)),
    link_contact_id: l.linkContactId,
    link_customer: l.linkCustomerId !== null ? (v.companies.get(l.linkCustomerId) ?? '') : '',
    link_customer_id: l.linkCustomerId,
    converted_at: formatTimestamp(l.convertedAt, ws.timezone),
    people: leadPeople(l).map((p) => ({ cid: p.cid, email: p.email, name: p.name, phone: p.phone, title: p.title })),
  };
}

/** A page of lead records, in the order the page holds them. */
export const leadPageView = (page: LeadPage, ws: Workspace) => page.items.map((l) => leadView(l, page.views, ws));

/** What a conversion did, with the lead after it (REST puts `ok` before it). */
export const leadConversionView = (r: ConvertResult, ws: Workspace) => ({
  created: r.created,
  linked: r.linked,
  customer: r.customer,
  customer_id: r.customerId,
  opp_id: r.oppId,
  task_id: r.taskId,
  lead: leadView(r.one.lead, r.one.views, ws),
  message: r.message,
});

/** A trade fair (spec 2.18: its fields are not shown there; REST names it Fair). */
export const FairRecord = z.object({
  id: field.id(),
  name: z.string(),
  city: z.string(),
  country: z.string(),
  venue: z.string().meta({ description: 'exhibition centre' }),
  stand: z.string().meta({ description: 'our hall / stand' }),
  start_date: field.date().nullable(),
  end_date: field.date().nullable().meta({ description: 'not before start_date' }),
  website: z.string(),
  note: z.string(),
  leads_n: field.count().meta({ description: 'leads collected at the fair (all owners)' }),
  owner: UserSummarySchema.nullable(),
  can_edit: z.boolean().meta({ description: 'the caller may change or delete this fair (its owner and admins)' }),
  created_at: field.timestamp(),
  updated_at: field.timestamp(),
});
export const FAIR_EXAMPLE: z.output<typeof FairRecord> = {
  id: 4, name: 'Plast Eurasia 2026', city: 'Istanbul', country: 'TR', venue: 'TÜYAP Fair Convention and Congress Center', stand: 'Hall 9, B120',
  start_date: '2026-11-25', end_date: '2026-11-28', website: 'https://plasteurasia.com', note: '', leads_n: 37, owner: USER_SUMMARY_EXAMPLE, can_edit: true,
  created_at: '2026-09-01T10:00:00', updated_at: '2026-11-20T08:15:42',
};

/** A trade fair (its leads counted). */
export function fairView(f: Fair, v: FairViews, ws: Workspace): z.output<typeof FairRecord> {
  return {
    id: f.id,
    name: f.name,
    city: f.city,
    country: f.country,
    venue: f.venue,
    stand: f.stand,
    start_date: f.startDate,
    end_date: f.endDate,
    website: f.website,
    note: f.note,
    leads_n: v.leads.get(f.id) ?? 0,
    owner: summaryOf(v.owners, f.ownerId, ws.app.locale),
    can_edit: v.editable.has(f.id),
    created_at: formatTimestamp(f.createdAt, ws.timezone),
    updated_at: formatTimestamp(f.updatedAt, ws.timezone),
  };
}

/** A page of fairs, in the order the page holds them. */
export const fairPageView = (page: FairPage, ws: Workspace) => page.items.map((f) => fairView(f, page.views, ws));

/** What the compact projection leaves out of the record. */
const NOT_COMPACT = [
  'contact_label', 'title', 'wa', 'website', 'sector', 'supplier', 'created_at', 'updated_at', 'initials', 'line', 'project_note', 'products', 'products_text', 'timing',
  'visitor_type', 'unit', 'potential_kg', 'opp_id', 'opp_type', 'customer_id', 'task_id', 'owner', 'can_edit', 'status_eff', 'link_contact_id', 'link_customer',
  'link_customer_id', 'converted_at', 'people',
] as const;

/**
 * The compact projection MCP tools and Ask's model answer: contact data, status, fair and next action, what a
 * conversation needs. It differs from the record on purpose: `fair` is null without a fair (the record says '').
 */
export const LeadCompact = LeadRecord.omit(maskOf(NOT_COMPACT)).extend({
  fair: z.string().nullable().meta({ description: "the trade fair's name; null without one" }),
  owner_id: field.id(),
});

export const leadCompact = ({ lead: l, views }: LeadOne): z.output<typeof LeadCompact> => ({
  rid: rid('L', l.id),
  id: l.id,
  company: l.company,
  contact_name: l.contactName,
  email: l.email,
  phone: l.phone,
  city: l.city,
  status: l.status,
  interest: l.interest,
  fair_id: l.fairId,
  fair: l.fairId !== null ? (views.fairs.get(l.fairId) ?? null) : null,
  next_action: l.nextAction,
  next_date: l.nextDate,
  note: l.note,
  owner_id: l.ownerId,
  external_id: l.externalId,
});

/** A conversion as the convert tool answers it: the compact lead after it. */
export const leadConversionCompact = (r: ConvertResult) => ({
  created: r.created,
  linked: r.linked,
  customer: r.customer,
  customer_id: r.customerId,
  opp_id: r.oppId,
  task_id: r.taskId,
  message: r.message,
  lead: leadCompact(r.one),
});

declare module '../../../platform/outbox/event-kinds' {
  interface EventNames {
    lead_created: true;
  }
}

/** The events a lead records (spec 6.1). */
export const LEAD_EVENT_KINDS: EventKindList = {
  place: 40,
  kinds: [
    { name: 'lead_created', label: { en: 'a lead comes in', tr: 'bir aday geldiğinde' }, module: MODULES.leads, dataFields: ['id', 'company', 'contact', 'email', 'interest'], record: { type: 'lead', table: 'leads' } },
  ],
};
