import { z } from 'zod';
import { example, f, named } from '../../../edge/openapi/schema';
import { UserSummary, userSummaryExample } from './common.schema';

/** A person of a lead: the primary contact first (cid: the person once the lead is converted). */
const LeadPerson = z.object({
  cid: f.id().nullable().meta({ description: 'the person record created or linked at conversion; null before' }),
  email: z.string(),
  name: z.string(),
  phone: z.string(),
  title: z.string(),
});

/** Spec 2.5: the lead record (GET/POST/PATCH leads, the convert answer and Today's leads card). */
export const Lead = named(
  'Lead',
  z.object({
    id: f.id(),
    rid: z.string().meta({ description: 'display key, e.g. L-17' }),
    company: z.string(),
    contact_name: z.string(),
    contact_label: z.string().meta({ description: 'contact name and title, comma-separated' }),
    title: z.string(),
    email: z.string(),
    phone: z.string(),
    wa: z.string().meta({ description: 'WhatsApp number' }),
    website: z.string(),
    city: z.string(),
    sector: z.string(),
    supplier: z.string().meta({ description: "the visitor's current supplier" }),
    fair: z.string().meta({ description: "the fair's name; '' without a fair" }),
    fair_id: f.id().nullable(),
    created_at: f.timestamp(),
    updated_at: f.timestamp(),
    initials: z.string(),
    interest: z.string().meta({ description: 'one of constants.lead_interest (GET /api/v1/me), or empty' }),
    line: z.string(),
    next_action: z.string().meta({ description: 'one of constants.lead_next_actions (GET /api/v1/me), or empty' }),
    next_date: f.date().nullable(),
    note: z.string(),
    project_note: z.string(),
    products: z.string(),
    products_text: z.string(),
    timing: z.string().meta({ description: 'one of constants.lead_timings (GET /api/v1/me), or empty' }),
    visitor_type: z.string().meta({ description: 'one of constants.lead_visitor_types (GET /api/v1/me), or empty' }),
    unit: z.string(),
    potential_kg: z.number().nullable().meta({ description: 'potential quantity in `unit`; null when unknown' }),
    opp_id: f.id().nullable().meta({ description: 'the opportunity created at conversion' }),
    opp_type: z.string().meta({ description: 'one of constants.opp_types (GET /api/v1/me), or empty' }),
    customer_id: f.id().nullable(),
    task_id: f.id().nullable().meta({ description: 'the follow-up task created at conversion' }),
    owner: UserSummary.nullable(),
    can_edit: z.boolean().meta({ description: 'the caller may change this lead' }),
    status: z.string().meta({ description: 'one of constants.lead_statuses (GET /api/v1/me)' }),
    status_eff: z.string().meta({ description: 'the status to show: constants.lead_status_won while the linked opportunity is won (spec 3.1)' }),
    link_contact_id: f.id().nullable().meta({ description: 'after conversion: the person linked' }),
    link_customer: z.string().meta({ description: "after conversion: the company's name; '' before" }),
    link_customer_id: f.id().nullable().meta({ description: 'after conversion: the company linked' }),
    converted_at: f.timestamp().nullable(),
    people: z.array(LeadPerson),
  }),
  { description: 'Lead (spec 2.5).' },
);
export const leadExample = example(Lead, {
  id: 17, rid: 'L-17', company: 'Marmara Plastik Ltd.', contact_name: 'Elif Şahin', contact_label: 'Elif Şahin, Purchasing Manager', title: 'Purchasing Manager',
  email: 'elif@marmara.example', phone: '+90 212 555 0144', wa: '+905325550144', website: 'https://marmara.example', city: 'Istanbul', sector: 'Packaging',
  supplier: 'Competitor A', fair: 'Plast Eurasia 2026', fair_id: 4, created_at: '2026-11-25T14:12:00', updated_at: '2026-11-25T14:20:31', initials: 'MP',
  interest: 'high', line: 'Film', next_action: 'send_offer', next_date: '2026-12-01', note: 'Wants samples of 50µ film', project_note: '', products: 'PE film 50µ',
  products_text: 'PE film 50µ, 20 t/year', timing: '0-3 months', visitor_type: 'customer', unit: 'kg', potential_kg: 20000, opp_id: null, opp_type: '',
  customer_id: null, task_id: null, owner: userSummaryExample, can_edit: true, status: 'new', status_eff: 'new', link_contact_id: null, link_customer: '',
  link_customer_id: null, converted_at: null,
  people: [{ cid: null, email: 'elif@marmara.example', name: 'Elif Şahin', phone: '+90 212 555 0144', title: 'Purchasing Manager' }],
});
