import { summaryOf } from '../../identity/user.view';
import type { Workspace } from '../../workspace/workspace.entity';
import { formatTimestamp } from '../../../platform/common/time';
import { initials } from '../shared/initials';
import { rid } from '../shared/record-keys';
import type { Fair } from './fair.entity';
import type { FairPage, FairViews } from './fairs.service';
import type { ConvertResult } from './lead-convert.service';
import type { Lead } from './lead.entity';
import { contactLabel, leadPeople, statusEff } from './leads.rules';
import type { LeadOne, LeadPage, LeadViews } from './leads.service';

/**
 * The read model of a lead and of its trade fair: the records as the outside world sees them (spec 2.5), names
 * beside ids, timestamps in the workspace's local time. REST answers and documents them
 * (`src/interfaces/rest/leads/lead.schema.ts`, `fair.schema.ts`, checked against these shapes by tsc), Today and
 * exports show them, and MCP answers the compact projection (below): a field is mapped here once.
 */

/** Spec 2.5: the lead record (also the item of Today's leads card). */
export function leadView(l: Lead, v: LeadViews, ws: Workspace) {
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

/** A trade fair (its leads counted). */
export function fairView(f: Fair, v: FairViews, ws: Workspace) {
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

/**
 * The compact projection MCP tools and Ask's model answer: contact data, status, fair and next action, what a
 * conversation needs. It differs from the record on purpose: `fair` is null without a fair (the record says '').
 */
export const leadCompact = ({ lead: l, views }: LeadOne) => ({
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
