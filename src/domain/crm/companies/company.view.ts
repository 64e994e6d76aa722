import { z } from 'zod';
import { summaryOf, USER_SUMMARY_EXAMPLE, UserSummarySchema } from '../../identity/user.view';
import { labelLang, labelOf } from '../../workspace/labels';
import type { Workspace } from '../../workspace/workspace.entity';
import { dateIn, formatTimestamp } from '../../../platform/common/time';
import { field, maskOf } from '../../../platform/common/record-fields';
import { amount, emailOrEmpty, flag, id, name, orNull, text } from '../../../platform/common/record-input';
import { LINKED_RECORDS_EXAMPLE, LinkedRecordsSchema, linkedRecordsView } from '../objects';
import { ORDER_ROW_EXAMPLE, OrderRowSchema, toOrderRow } from '../orders';
import { initials } from '../shared/initials';
import { rid, recordPath } from '../shared/record-keys';
import type { CompanyCardRow, CompanyFacts, CompanyOne, CompanyPage, CompanyViews } from './companies.service';
import type { Company } from './company.entity';
import type { DomainEvent } from '../../../platform/outbox/domain-event';
import type { EventKindList } from '../../../platform/outbox/event-kinds';
import type { UserContext } from '../../identity/auth-context';
import { MODULES } from '../../workspace/defaults';

/**
 * The read model of a company: the record as the outside world sees it (spec 2.2 and the customer card of 4.2),
 * dates and timestamps in the workspace's local time, the status label in the reader's language, with its schemas.
 * REST documents them (`src/interfaces/rest/companies/company.schema.ts`: CustomerCard, CompanyRecord, Company), Today
 * and exports show the record, and MCP answers and describes its compact projection (below): a field is declared and
 * mapped here once.
 */

/** Largest value of a numeric(14,2) column. */
const MAX_QUANTITY = 999_999_999_999.99;

/**
 * A company's fields as a create or an update takes them, declared once: REST's bodies are made from them
 * (`FieldsDto`), the create_company and update_company tools take them as they are, inbound hooks map onto them, and
 * the service stores a plain text field it does not treat itself as it came. A field added here reaches every
 * interface; its column is the entity's.
 */
export const CompanyFields = z.object({
  status: text(40, 'one of constants.customer_statuses; default the first').optional(),
  sector: text(100, 'sector').optional(),
  city: text(100, 'city').optional(),
  country: text(100, 'country').optional(),
  address: text(500, 'street address').optional(),
  phone: text(50, 'phone').optional(),
  email: emailOrEmpty("the company's e-mail address; '' clears it").optional(),
  website: text(300, 'website').optional(),
  tax_no: text(40, 'tax number (a company with the same one is a duplicate)').optional(),
  tax_office: text(100, 'tax office').optional(),
  erp_code: text(60, "the company's code in the ERP").optional(),
  erp_ext_id: text(100, "the company's id in the ERP").optional(),
  external_id: orNull(text(200, "the record's key in the system it came from (unique per workspace and kind; imports match on it); null or '' removes it")),
  source: text(100, 'where the company came from').optional(),
  potential_kg: orNull(amount('yearly potential in the unit; null when unknown', { places: 2, max: MAX_QUANTITY })),
  currency: text(3, 'one of app.currencies').optional(),
  unit: text(16, 'one of app.units').optional(),
  note: text(5000, 'note about the company').optional(),
  owner_id: id('user').optional().describe('an active user; default the caller'),
  active: flag('false archives the company').optional(),
});

/** A new company: its fields, its name, and `force` past the duplicate check. */
export const CompanyCreateFields = z.object({
  name: name(200, 'company name'),
  ...CompanyFields.shape,
  force: flag('create even when a company of the same name or tax number exists; only when the user confirms it is another company').optional(),
});

/** A change to a company: the fields given change. */
export const CompanyChangeFields = z.object({ name: name(200, 'company name').optional(), ...CompanyFields.shape });

export type CompanyCreateInput = z.output<typeof CompanyCreateFields>;
export type CompanyInput = z.output<typeof CompanyChangeFields>;

const MainContactSchema = z.object({ email: z.string(), name: z.string(), phone: z.string(), wa: z.string() });

/** Spec 4.2 customer card item: exactly these fields. */
export const CustomerCardSchema = z.object({
  id: field.id(),
  rid: z.string().meta({ description: 'display key, e.g. C-42' }),
  name: z.string(),
  initials: z.string(),
  city: z.string(),
  sector: z.string(),
  status: z.string().meta({ description: 'one of constants.customer_statuses (GET /api/v1/me)' }),
  status_label: z.string().meta({ description: "the status's label in the caller's language (constants.labels.customer_statuses)" }),
  unit: z.string(),
  currency: z.string(),
  currency_default: z.string().meta({ description: "the workspace's base currency" }),
  phone: z.string(),
  active: z.boolean(),
  at_risk: z.boolean(),
  last_visit: field.date().meta({ description: 'latest visit; never visited: the creation date (visit_state is then `never`)' }),
  next_visit_due: field.date().nullable().meta({ description: 'last_visit + period; null only when the status has no visit period' }),
  open_opps: field.count().meta({ description: 'open opportunities; 0 without the Opportunities module' }),
  period: field.count().meta({ description: 'visit period in days' }),
  visit_overdue_days: field.count(),
  pending_state: z.enum(['none', 'open_tasks']).meta({ description: '`none` without the Visits / Activities module' }),
  visit_state: z.enum(['never', 'ok', 'due_soon', 'overdue']),
  potential_kg: z.number().meta({ description: '0 when unknown' }),
  main_contact: MainContactSchema.nullable(),
  owner: UserSummarySchema.nullable(),
});
export const CUSTOMER_CARD_EXAMPLE: z.output<typeof CustomerCardSchema> = {
  id: 42, rid: 'C-42', name: 'Anadolu Ambalaj A.Ş.', initials: 'AA', city: 'Bursa', sector: 'Packaging', status: 'customer', status_label: 'customer',
  unit: 'kg', currency: 'EUR', currency_default: 'EUR', phone: '+90 224 555 0100', active: true, at_risk: false, last_visit: '2026-11-02',
  next_visit_due: '2026-12-02', open_opps: 2, period: 30, visit_overdue_days: 0, pending_state: 'open_tasks', visit_state: 'ok', potential_kg: 180000,
  main_contact: { email: 'mert@anadolu.example', name: 'Mert Kaya', phone: '+90 532 555 0101', wa: '+905325550101' },
  owner: USER_SUMMARY_EXAMPLE,
};

/** The full company: the card fields, the remaining columns, can_edit and timestamps. */
export const CompanyRecordSchema = CustomerCardSchema.extend({
  country: z.string(),
  address: z.string(),
  email: z.string(),
  website: z.string(),
  tax_no: z.string(),
  tax_office: z.string(),
  erp_code: z.string(),
  erp_ext_id: z.string(),
  external_id: z.string().nullable().meta({ description: "the record's key in the system it came from (imports match on it); unique per workspace; null when none" }),
  source: z.string(),
  note: z.string(),
  can_edit: z.boolean().meta({ description: 'the caller may change this company' }),
  created_at: field.timestamp(),
  updated_at: field.timestamp(),
});
export const COMPANY_RECORD_EXAMPLE: z.output<typeof CompanyRecordSchema> = {
  ...CUSTOMER_CARD_EXAMPLE,
  country: 'TR', address: 'Nilüfer OSB, 16140 Bursa', email: 'info@anadolu.example', website: 'https://anadolu.example', tax_no: '0680012345',
  tax_office: 'Nilüfer', erp_code: 'C10042', erp_ext_id: '', external_id: 'SF-0015000000abcde', source: 'fair', note: '', can_edit: true,
  created_at: '2025-03-14T10:02:11', updated_at: '2026-11-20T16:45:03',
};

/** One company (GET, POST, PATCH): the record with its orders and linked custom object records. */
export const CompanySchema = CompanyRecordSchema.extend({ orders: z.array(OrderRowSchema), objects: LinkedRecordsSchema });
export const COMPANY_EXAMPLE: z.output<typeof CompanySchema> = { ...COMPANY_RECORD_EXAMPLE, orders: [ORDER_ROW_EXAMPLE], objects: LINKED_RECORDS_EXAMPLE };

const NO_FACTS: CompanyFacts = {
  period: 0,
  visitOverdueDays: 0,
  visitState: 'never',
  atRisk: false,
  pendingState: 'none',
  openOpps: 0,
  mainContact: null,
  canEdit: false,
};

/**
 * Spec 4.2 customer card item: exactly these fields, typed as the spec types them. `potential_kg` is 0
 * when unknown; `last_visit` of a company never visited is its creation date (the day its visit period
 * counts from, so next_visit_due = last_visit + period holds; `visit_state` is then `never`);
 * `next_visit_due` is null only when the company's status has no visit period (OpenAPI: nullable).
 */
export function customerCardView(c: CompanyCardRow, views: CompanyViews, ws: Workspace): z.output<typeof CustomerCardSchema> {
  const f = views.facts.get(c.id) ?? NO_FACTS;
  return {
    id: c.id,
    rid: rid('C', c.id),
    name: c.name,
    initials: initials(c.name),
    city: c.city,
    sector: c.sector,
    status: c.status,
    status_label: labelOf(ws.constants, labelLang(ws.app.locale), 'customer_statuses', c.status),
    unit: c.unit,
    currency: c.currency,
    currency_default: ws.app.currency_base,
    phone: c.phone,
    active: c.active,
    at_risk: f.atRisk,
    last_visit: c.lastVisit ?? dateIn(c.createdAt, ws.timezone),
    next_visit_due: c.nextVisitDue,
    open_opps: f.openOpps,
    period: f.period,
    visit_overdue_days: f.visitOverdueDays,
    pending_state: f.pendingState,
    visit_state: f.visitState,
    potential_kg: c.potentialKg ?? 0,
    main_contact: f.mainContact ? { email: f.mainContact.email, name: f.mainContact.name, phone: f.mainContact.phone, wa: f.mainContact.wa } : null,
    owner: summaryOf(views.owners, c.ownerId, ws.app.locale),
  };
}

/**
 * The full company record (lists answer it): the card fields plus the remaining columns, can_edit and timestamps. One
 * literal with the card's fields written out again (customerCardView): a page maps 50, and adding to the card with
 * Object.assign cost a second object and a generic copy per row (a spread, a slow dictionary-mode object whose
 * serialization was a tenth of the list's CPU). The schema's type holds both to the same fields.
 */
export function companyView(c: Company, views: CompanyViews, ws: Workspace): z.output<typeof CompanyRecordSchema> {
  const f = views.facts.get(c.id) ?? NO_FACTS;
  return {
    id: c.id,
    rid: rid('C', c.id),
    name: c.name,
    initials: initials(c.name),
    city: c.city,
    sector: c.sector,
    status: c.status,
    status_label: labelOf(ws.constants, labelLang(ws.app.locale), 'customer_statuses', c.status),
    unit: c.unit,
    currency: c.currency,
    currency_default: ws.app.currency_base,
    phone: c.phone,
    active: c.active,
    at_risk: f.atRisk,
    last_visit: c.lastVisit ?? dateIn(c.createdAt, ws.timezone),
    next_visit_due: c.nextVisitDue,
    open_opps: f.openOpps,
    period: f.period,
    visit_overdue_days: f.visitOverdueDays,
    pending_state: f.pendingState,
    visit_state: f.visitState,
    potential_kg: c.potentialKg ?? 0,
    main_contact: f.mainContact ? { email: f.mainContact.email, name: f.mainContact.name, phone: f.mainContact.phone, wa: f.mainContact.wa } : null,
    owner: summaryOf(views.owners, c.ownerId, ws.app.locale),
    country: c.country,
    address: c.address,
    email: c.email,
    website: c.website,
    tax_no: c.taxNo,
    tax_office: c.taxOffice,
    erp_code: c.erpCode,
    erp_ext_id: c.erpExtId,
    external_id: c.externalId,
    source: c.source,
    note: c.note,
    can_edit: f.canEdit,
    created_at: formatTimestamp(c.createdAt, ws.timezone),
    updated_at: formatTimestamp(c.updatedAt, ws.timezone),
  };
}

/** One company as GET / POST / PATCH answer it: the record with its `orders` (spec 2.8; lists leave them out) and linked custom records. */
export const companyRecordView = (one: CompanyOne, ws: Workspace): z.output<typeof CompanySchema> =>
  Object.assign(companyView(one.company, one.views, ws), { orders: one.orders.map(toOrderRow), objects: linkedRecordsView(one.objects) });

/** A page of company records, in the order the page holds them. */
export const companyPageView = (page: CompanyPage, ws: Workspace) => page.items.map((c) => companyView(c, page.views, ws));

/**
 * The compact projection MCP tools, Today's agenda tool and Ask's model answer: contact data, owner id and visit dates,
 * what a conversation needs; the stored `last_visit` (null when never visited, where the card shows the creation date).
 */
export const CompanyCompact = CompanyRecordSchema.pick(
  maskOf(['rid', 'id', 'name', 'status', 'city', 'country', 'phone', 'email', 'website', 'last_visit', 'next_visit_due', 'external_id']),
).extend({
  last_visit: field.date().nullable().meta({ description: 'the latest visit; null when never visited' }),
  owner_id: field.id(),
});

export const companyCompact = (c: Pick<Company, 'id' | 'name' | 'status' | 'city' | 'country' | 'phone' | 'email' | 'website' | 'ownerId' | 'lastVisit' | 'nextVisitDue' | 'externalId'>): z.output<typeof CompanyCompact> => ({
  rid: rid('C', c.id),
  id: c.id,
  name: c.name,
  status: c.status,
  city: c.city,
  country: c.country,
  phone: c.phone,
  email: c.email,
  website: c.website,
  owner_id: c.ownerId,
  last_visit: c.lastVisit,
  next_visit_due: c.nextVisitDue,
  external_id: c.externalId,
});

declare module '../../../platform/outbox/event-kinds' {
  interface EventNames {
    customer_created: true;
  }
}

/** The events a company records (spec 6.1). */
export const COMPANY_EVENT_KINDS: EventKindList = {
  place: 20,
  kinds: [
    { name: 'customer_created', label: { en: 'a company is created', tr: 'bir firma oluşturulduğunda' }, module: MODULES.customers, dataFields: ['id', 'rid', 'name', 'status', 'source', 'city'], record: { type: 'company', table: 'companies' } },
  ],
};

/** `customer_created` of a company just saved (create and createMany). */
export function companyCreated(auth: UserContext, saved: Company): DomainEvent {
  const where = [saved.city, saved.source ? `source ${saved.source}` : ''].filter(Boolean).join(', ');
  return {
    workspaceId: auth.workspace.id,
    event: 'customer_created',
    title: `New company: ${saved.name}`,
    text: `${saved.name} (${saved.status}${where ? `, ${where}` : ''}) was added by ${auth.user.fullName}.`,
    url: recordPath('company', saved.id),
    data: { id: saved.id, rid: rid('C', saved.id), name: saved.name, status: saved.status, source: saved.source, city: saved.city },
    recordType: 'company',
    recordId: saved.id,
    sample: saved.isSample,
  };
}
