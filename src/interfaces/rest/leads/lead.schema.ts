import { z } from 'zod';
import { example, f, listOf, named, type Assert, type Conforms } from '../../../edge/openapi/schema';
import type { leadConversionView, leadView } from '../../../domain/crm/leads/lead.view';
import { UserSummary, userSummaryExample } from '../shared/common.schema';

/** A person of the lead: the primary contact (when named) and the people met besides. */
export const LeadPerson = named(
  'LeadPerson',
  z.object({
    cid: f.id().nullable().meta({ description: 'the contact the conversion linked or created; null before conversion or when skipped' }),
    email: z.string(),
    name: z.string(),
    phone: z.string(),
    title: z.string(),
  }),
  { description: 'A person of a lead (spec 2.5 `people`).' },
);
export const leadPersonExample = example(LeadPerson, { cid: 318, email: 'mert@anadolu.example', name: 'Mert Kaya', phone: '+90 532 555 0101', title: 'Purchasing manager' });

/** Spec 2.5: the lead record (also the item of Today's leads card). */
export const Lead = named(
  'Lead',
  z.object({
    id: f.id(),
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
    fair_id: f.id().nullable().meta({ description: 'the fair the lead was met at; null without one' }),
    created_at: f.timestamp(),
    updated_at: f.timestamp(),
    initials: z.string().meta({ description: 'of the company (or the contact when the company is empty)' }),
    interest: z.string().meta({ description: 'one of constants.lead_interest (GET /api/v1/me), or empty' }),
    line: z.string().meta({ description: 'product line' }),
    next_action: z.string().meta({ description: 'one of constants.lead_next_actions (GET /api/v1/me), or empty' }),
    next_date: f.date().nullable(),
    note: z.string(),
    project_note: z.string(),
    external_id: z.string().nullable().meta({ description: "the record's key in the system it came from (imports match on it); unique per workspace; null when none" }),
    products: z.string().meta({ description: 'products of interest (codes or names)' }),
    products_text: z.string(),
    timing: z.string().meta({ description: 'one of constants.lead_timings (GET /api/v1/me), or empty' }),
    visitor_type: z.string().meta({ description: 'one of constants.lead_visitor_types (GET /api/v1/me), or empty' }),
    unit: z.string().meta({ description: 'one of app.units (GET /api/v1/me), or empty' }),
    potential_kg: z.number().nullable().meta({ description: 'potential quantity in `unit`; null when unknown' }),
    opp_id: f.id().nullable().meta({ description: 'the opportunity the conversion created or linked' }),
    opp_type: z.string().meta({ description: 'one of constants.opp_types (GET /api/v1/me), or empty: the type of the opportunity a conversion creates' }),
    customer_id: f.id().nullable().meta({ description: 'a registered company the lead belongs to' }),
    task_id: f.id().nullable().meta({ description: "the follow-up task the conversion made of the lead's next action" }),
    owner: UserSummary.nullable(),
    can_edit: z.boolean().meta({ description: 'the caller may change this lead' }),
    status: z.string().meta({ description: 'stored status: one of constants.lead_statuses, or constants.lead_status_won (GET /api/v1/me; spec 3.1)' }),
    status_eff: z.string().meta({ description: 'effective status: constants.lead_status_won while the linked opportunity is won, else `status`' }),
    link_contact_id: f.id().nullable().meta({ description: 'after conversion: the primary contact' }),
    link_customer: z.string().meta({ description: 'after conversion: the company name; empty before' }),
    link_customer_id: f.id().nullable().meta({ description: 'after conversion: the company' }),
    converted_at: f.timestamp().nullable().meta({ description: 'local time of the conversion; null before' }),
    people: z.array(LeadPerson).meta({ description: 'the primary contact (when named) and the extra people; convert maps them by index' }),
  }),
  { description: 'Lead met at a trade fair (spec 2.5).' },
);
export const leadExample = example(Lead, {
  id: 12, rid: 'L-12', company: 'Anadolu Ambalaj A.Ş.', contact_name: 'Mert Kaya', contact_label: 'Mert Kaya, Purchasing manager', title: 'Purchasing manager',
  email: 'mert@anadolu.example', phone: '+90 532 555 0101', wa: '+905325550101', website: 'https://anadolu.example', city: 'Bursa', sector: 'Packaging',
  supplier: 'Polifilm', fair: 'Plast Eurasia 2026', fair_id: 4, created_at: '2026-11-26T11:14:05', updated_at: '2026-11-27T09:02:40', initials: 'AA',
  interest: 'High', line: 'Stretch film', next_action: 'Send offer', next_date: '2026-12-03', note: 'Wants samples of 23µ.', project_note: '', external_id: null,
  products: 'PE-23, PE-50', products_text: '', timing: '3 months', visitor_type: 'Customer', unit: 'kg', potential_kg: 180000, opp_id: 95, opp_type: 'New business',
  customer_id: 42, task_id: 501, owner: userSummaryExample, can_edit: true, status: 'Aktarıldı', status_eff: 'Aktarıldı', link_contact_id: 318,
  link_customer: 'Anadolu Ambalaj A.Ş.', link_customer_id: 42, converted_at: '2026-11-27T09:02:40', people: [leadPersonExample],
});

export const LeadResponse = named('LeadResponse', z.object({ ok: f.ok(), lead: Lead }), { description: 'One lead.', example: { ok: true, lead: leadExample } });
export const LeadList = listOf('LeadList', Lead, 'A page of leads, newest first.');

/** Spec 4.3: the answer of POST /leads/{id}/convert. */
export const LeadConvertResponse = named(
  'LeadConvertResponse',
  z.object({
    ok: f.ok(),
    created: f.count().meta({ description: 'people created as new contacts' }),
    linked: f.count().meta({ description: 'people linked to existing contacts' }),
    customer: z.string().meta({ description: 'name of the company linked or created' }),
    customer_id: f.id(),
    opp_id: f.id().nullable().meta({ description: 'the opportunity created or linked; null with opp_mode none' }),
    task_id: f.id().nullable().meta({ description: "the follow-up task made of the lead's next action (also the lead's task_id); null when none was made" }),
    lead: Lead,
    message: z.string().meta({ description: 'what the conversion did, for display (a lead already converted: that nothing changed)' }),
  }),
  {
    description: 'The result of a lead conversion (spec 4.3).',
    example: {
      ok: true, created: 1, linked: 0, customer: 'Anadolu Ambalaj A.Ş.', customer_id: 42, opp_id: 95, task_id: 501, lead: leadExample,
      message: 'Linked to Anadolu Ambalaj A.Ş. (C-42); 1 contact created, 0 linked; opportunity O-95 created; fair visit logged; follow-up task "Send offer: Anadolu Ambalaj A.Ş." created. The lead becomes Kazanıldı when the opportunity is won.',
    },
  },
);

/** The domain's read model is what these schemas document (src/domain/crm/leads/lead.view.ts). */
export type LeadViewFits = [
  Assert<Conforms<ReturnType<typeof leadView>, typeof Lead>>,
  Assert<Conforms<{ ok: true } & ReturnType<typeof leadConversionView>, typeof LeadConvertResponse>>,
];
