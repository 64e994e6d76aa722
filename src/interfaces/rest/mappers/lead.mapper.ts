import { formatTimestamp } from '../../../platform/common/time';
import type { Fair } from '../../../domain/crm/leads/fair.entity';
import type { FairOne, FairPage, FairViews } from '../../../domain/crm/leads/fairs.service';
import type { ConvertResult } from '../../../domain/crm/leads/lead-convert.service';
import type { Lead } from '../../../domain/crm/leads/lead.entity';
import { contactLabel, leadPeople, statusEff } from '../../../domain/crm/leads/leads.rules';
import type { LeadOne, LeadPage, LeadViews } from '../../../domain/crm/leads/leads.service';
import { rid } from '../../../domain/crm/shared/record-keys';
import { initials } from '../../../domain/crm/shared/initials';
import type { Workspace } from '../../../domain/workspace/workspace.entity';
import { listResponse, summaryOf } from './common.mapper';
import type { z } from 'zod';
import type { Lead as LeadSchema, LeadConvertResponse, LeadList, LeadResponse } from '../schemas/lead.schema';
import type { Fair as FairSchema, FairList, FairResponse } from '../schemas/fair.schema';

/** Spec 2.5: the lead record (also the item of Today's leads card). */
export function toLead(l: Lead, v: LeadViews, ws: Workspace): z.output<typeof LeadSchema> {
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

export const toLeadResponse = (one: LeadOne, ws: Workspace): z.output<typeof LeadResponse> => ({ ok: true as const, lead: toLead(one.lead, one.views, ws) });

export const toLeadList = (page: LeadPage, ws: Workspace): z.output<typeof LeadList> =>
  listResponse(
    page.items.map((l) => toLead(l, page.views, ws)),
    page.nextCursor,
  );

export const toConvertResponse = (r: ConvertResult, ws: Workspace): z.output<typeof LeadConvertResponse> => ({
  ok: true as const,
  created: r.created,
  linked: r.linked,
  customer: r.customer,
  customer_id: r.customerId,
  opp_id: r.oppId,
  task_id: r.taskId,
  lead: toLead(r.one.lead, r.one.views, ws),
  message: r.message,
});

export function toFair(f: Fair, v: FairViews, ws: Workspace): z.output<typeof FairSchema> {
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

export const toFairResponse = (one: FairOne, ws: Workspace): z.output<typeof FairResponse> => ({ ok: true as const, fair: toFair(one.fair, one.views, ws) });

export const toFairList = (page: FairPage, ws: Workspace): z.output<typeof FairList> =>
  listResponse(
    page.items.map((f) => toFair(f, page.views, ws)),
    page.nextCursor,
  );
