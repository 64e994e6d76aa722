import { z } from 'zod';
import { example, f, listOf, named, type Assert, type Conforms } from '../../../edge/openapi/schema';
import { LEAD_EXAMPLE, LEAD_PERSON_EXAMPLE, LeadPersonSchema, LeadRecord, type leadConversionView } from '../../../domain/crm/leads/lead.view';
// registers UserSummary, which the record refers to
import '../shared/common.schema';

/** The lead's schemas are its read model's (src/domain/crm/leads/lead.view.ts), named here for the document. */
export const LeadPerson = named('LeadPerson', LeadPersonSchema, { description: 'A person of a lead (spec 2.5 `people`).' });
export const leadPersonExample = example(LeadPerson, LEAD_PERSON_EXAMPLE);

export const Lead = named('Lead', LeadRecord, { description: 'Lead met at a trade fair (spec 2.5).' });
export const leadExample = example(Lead, LEAD_EXAMPLE);

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

/** The domain's read model is what this schema documents (src/domain/crm/leads/lead.view.ts). */
export type LeadConversionFits = Assert<Conforms<{ ok: true } & ReturnType<typeof leadConversionView>, typeof LeadConvertResponse>>;
