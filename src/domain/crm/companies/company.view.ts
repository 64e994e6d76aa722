import { summaryOf } from '../../identity/user.view';
import { labelLang, labelOf } from '../../workspace/labels';
import type { Workspace } from '../../workspace/workspace.entity';
import { dateIn, formatTimestamp } from '../../../platform/common/time';
import { linkedRecordsView } from '../objects';
import { toOrderRow } from '../orders';
import { initials } from '../shared/initials';
import { rid } from '../shared/record-keys';
import type { CompanyCardRow, CompanyFacts, CompanyOne, CompanyPage, CompanyViews } from './companies.service';
import type { Company } from './company.entity';

/**
 * The read model of a company: the record as the outside world sees it (spec 2.2 and the customer card of 4.2),
 * dates and timestamps in the workspace's local time, the status label in the reader's language. REST answers and
 * documents it (`src/interfaces/rest/companies/company.schema.ts`, checked against this shape by tsc), Today's
 * overdue visits and exports show it, and MCP answers its compact projection (below): a field is mapped here once.
 */

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
export function customerCardView(c: CompanyCardRow, views: CompanyViews, ws: Workspace) {
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

/** The full company record (lists answer it): the card fields plus the remaining columns, can_edit and timestamps. */
export function companyView(c: Company, views: CompanyViews, ws: Workspace) {
  const f = views.facts.get(c.id) ?? NO_FACTS;
  // added to the card, not spread into a new object: a spread with more keys after it gives a slow
  // dictionary-mode object, and serializing a page of those was a tenth of the list's CPU time
  return Object.assign(customerCardView(c, views, ws), {
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
  });
}

/** One company as GET / POST / PATCH answer it: the record with its `orders` (spec 2.8; lists leave them out) and linked custom records. */
export const companyRecordView = (one: CompanyOne, ws: Workspace) =>
  Object.assign(companyView(one.company, one.views, ws), { orders: one.orders.map(toOrderRow), objects: linkedRecordsView(one.objects) });

/** A page of company records, in the order the page holds them. */
export const companyPageView = (page: CompanyPage, ws: Workspace) => page.items.map((c) => companyView(c, page.views, ws));

/**
 * The compact projection MCP tools, Today's agenda tool and Ask's model answer: contact data, owner id and visit dates,
 * what a conversation needs; the stored `last_visit` (null when never visited, where the card shows the creation date).
 */
export const companyCompact = (c: Pick<Company, 'id' | 'name' | 'status' | 'city' | 'country' | 'phone' | 'email' | 'website' | 'ownerId' | 'lastVisit' | 'nextVisitDue' | 'externalId'>) => ({
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
