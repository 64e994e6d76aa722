import { labelLang, labelOf } from '../../../domain/workspace/labels';
import { toLinkedRecords } from './object.mapper';
import type { CompanyCardRow, CompanyFacts, CompanyOne, CompanyPage, CompanyViews } from '../../../domain/crm/companies/companies.service';
import type { Company } from '../../../domain/crm/companies/company.entity';
import { rid } from '../../../domain/crm/shared/record-keys';
import { initials } from './initials';
import { dateIn, formatTimestamp } from '../../../platform/common/time';
import type { Workspace } from '../../../domain/workspace/workspace.entity';
import { listResponse, summaryOf } from './common.mapper';
import { toOrderRow } from './order.mapper';
import type { z } from 'zod';
import type { CompanyList, CompanyRecord, CompanyResponse, CustomerCard } from '../schemas/company.schema';

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
export function toCustomerCard(c: CompanyCardRow, views: CompanyViews, ws: Workspace): z.output<typeof CustomerCard> {
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

/** The full company record: the card fields plus the remaining columns, can_edit and timestamps. */
export function toCompanyRecord(c: Company, views: CompanyViews, ws: Workspace): z.output<typeof CompanyRecord> {
  const f = views.facts.get(c.id) ?? NO_FACTS;
  // added to the card, not spread into a new object: a spread with more keys after it gives a slow
  // dictionary-mode object, and serializing a page of those was a tenth of the list's CPU time
  return Object.assign(toCustomerCard(c, views, ws), {
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

/** GET / POST / PATCH of one company: the record with its `orders` (spec 2.8; lists leave them out). */
export function toCompanyResponse(one: CompanyOne, ws: Workspace): z.output<typeof CompanyResponse> {
  return { ok: true as const, company: Object.assign(toCompanyRecord(one.company, one.views, ws), { orders: one.orders.map(toOrderRow), objects: toLinkedRecords(one.objects) }) };
}

export function toCompanyList(page: CompanyPage, ws: Workspace): z.output<typeof CompanyList> {
  return listResponse(
    page.items.map((c) => toCompanyRecord(c, page.views, ws)),
    page.nextCursor,
  );
}
