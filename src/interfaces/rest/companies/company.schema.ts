import { z } from 'zod';
import { example, f, listOf, named, type Assert, type Conforms } from '../../../edge/openapi/schema';
import type { companyRecordView, companyView, customerCardView } from '../../../domain/crm/companies/company.view';
import { LinkedRecords, linkedRecordsExample, UserSummary, userSummaryExample } from '../shared/common.schema';
import { OrderRow, orderRowExample } from '../orders/order.schema';
import { PersonRecord } from '../people/person.schema';
import { OpportunitySummary } from '../opportunities/opportunity.schema';
import { Activity } from '../activities/activity.schema';
import { Task } from '../tasks/task.schema';

const MainContact = z.object({ email: z.string(), name: z.string(), phone: z.string(), wa: z.string() });

/** Spec 4.2 customer card item: exactly these fields. */
export const CustomerCard = named(
  'CustomerCard',
  z.object({
    id: f.id(),
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
    last_visit: f.date().meta({ description: 'latest visit; never visited: the creation date (visit_state is then `never`)' }),
    next_visit_due: f.date().nullable().meta({ description: 'last_visit + period; null only when the status has no visit period' }),
    open_opps: f.count().meta({ description: 'open opportunities; 0 without the Opportunities module' }),
    period: f.count().meta({ description: 'visit period in days' }),
    visit_overdue_days: f.count(),
    pending_state: z.enum(['none', 'open_tasks']).meta({ description: '`none` without the Visits / Activities module' }),
    visit_state: z.enum(['never', 'ok', 'due_soon', 'overdue']),
    potential_kg: z.number().meta({ description: '0 when unknown' }),
    main_contact: MainContact.nullable(),
    owner: UserSummary.nullable(),
  }),
  { description: 'Customer card item (spec 4.2).' },
);
export const customerCardExample = example(CustomerCard, {
  id: 42, rid: 'C-42', name: 'Anadolu Ambalaj A.Ş.', initials: 'AA', city: 'Bursa', sector: 'Packaging', status: 'customer', status_label: 'customer',
  unit: 'kg', currency: 'EUR', currency_default: 'EUR', phone: '+90 224 555 0100', active: true, at_risk: false, last_visit: '2026-11-02',
  next_visit_due: '2026-12-02', open_opps: 2, period: 30, visit_overdue_days: 0, pending_state: 'open_tasks', visit_state: 'ok', potential_kg: 180000,
  main_contact: { email: 'mert@anadolu.example', name: 'Mert Kaya', phone: '+90 532 555 0101', wa: '+905325550101' },
  owner: userSummaryExample,
});

/** The full company: the card fields, the remaining columns, can_edit and timestamps. */
export const CompanyRecord = named(
  'CompanyRecord',
  CustomerCard.extend({
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
    created_at: f.timestamp(),
    updated_at: f.timestamp(),
  }),
  { description: 'A company as lists return it: the card fields and the remaining columns.' },
);
export const companyRecordExample = example(CompanyRecord, {
  ...customerCardExample,
  country: 'TR', address: 'Nilüfer OSB, 16140 Bursa', email: 'info@anadolu.example', website: 'https://anadolu.example', tax_no: '0680012345',
  tax_office: 'Nilüfer', erp_code: 'C10042', erp_ext_id: '', external_id: 'SF-0015000000abcde', source: 'fair', note: '', can_edit: true,
  created_at: '2025-03-14T10:02:11', updated_at: '2026-11-20T16:45:03',
});

/** One company (GET, POST, PATCH): the record with its orders and linked custom object records. */
export const Company = named(
  'Company',
  CompanyRecord.extend({ orders: z.array(OrderRow), objects: LinkedRecords }),
  { description: 'One company with its orders (spec 2.8) and linked custom object records.', example: { ...companyRecordExample, orders: [orderRowExample], objects: linkedRecordsExample } },
);

export const CompanyResponse = named('CompanyResponse', z.object({ ok: f.ok(), company: Company }));
export const CompanyList = listOf('CompanyList', CompanyRecord, 'A page of companies, newest first.');

/** The first page of a list that GET /companies/{id} carries along (`include`); `next_cursor` continues it on the list's own route. */
const IncludedPage = <T extends z.ZodType>(item: T, list: string) =>
  z.object({ items: z.array(item), next_cursor: f.cursor() }).optional().meta({ description: `only with include; continue with ${list}&cursor=next_cursor` });

/** GET of one company: the company and, with `include`, the first page of its people, open opportunities, activities and open tasks. */
export const CompanyReadResponse = named(
  'CompanyReadResponse',
  z.object({
    ok: f.ok(),
    company: Company,
    people: IncludedPage(PersonRecord, 'GET /api/v1/people?customer_id={id}'),
    opportunities: IncludedPage(OpportunitySummary, 'GET /api/v1/opportunities?customer_id={id}&status=open'),
    activities: IncludedPage(Activity, 'GET /api/v1/activities?customer_id={id}'),
    tasks: IncludedPage(Task, 'GET /api/v1/tasks?customer_id={id}&open=true'),
  }),
  { description: 'One company, with the lists asked for in `include` (a list of a module the caller lacks is left out).' },
);

/** The domain's read model is what these schemas document (src/domain/crm/companies/company.view.ts). */
export type CompanyViewFits = [
  Assert<Conforms<ReturnType<typeof customerCardView>, typeof CustomerCard>>,
  Assert<Conforms<ReturnType<typeof companyView>, typeof CompanyRecord>>,
  Assert<Conforms<ReturnType<typeof companyRecordView>, typeof Company>>,
];
