import { z } from 'zod';
import { example, f, named } from '../../../edge/openapi/schema';
import { Mailbox, mailboxExample } from './me.schema';

const signatureText = () => z.string().meta({ description: "the signature itself, '' when none" });

/** GET and PUT /api/v1/me/mailbox. */
export const MailboxResponse = named('MailboxResponse', z.object({ ok: f.ok(), mailbox: Mailbox, signature_text: signatureText() }), {
  description: "The caller's mailbox and signature.",
  example: { ok: true, mailbox: mailboxExample, signature_text: 'Ayşe Demir\nSales, Ege Polimer A.Ş.\n+90 232 555 0170' },
});

const OpportunityOption = z.object({
  id: f.id(),
  name: z.string(),
  stage: z.string().meta({ description: 'stage key, one of constants.stages (GET /api/v1/me)' }),
  stage_label: z.string(),
});

/** Spec 2.13 / 4.9. */
export const ComposeOptions = named(
  'ComposeOptions',
  z.object({
    ok: f.ok(),
    mailbox: Mailbox,
    signature_text: signatureText(),
    customer: z.object({ id: f.id(), name: z.string() }),
    contacts: z
      .array(z.object({ id: f.id(), name: z.string(), email: z.string(), title: z.string(), main: z.boolean().meta({ description: 'the main contact of the company' }) }))
      .meta({ description: "the company's current people with an e-mail, main contact first" }),
    opp: OpportunityOption.nullable().meta({ description: 'the opportunity of `opp_id`; null without it' }),
    opps: z.array(OpportunityOption).meta({ description: 'open opportunities of the company the caller may see, newest first' }),
  }),
  { description: 'What the compose screen offers for a company (spec 2.13, 4.9).' },
);
const opp = { id: 95, name: 'PE film 2027', stage: 'Negotiation', stage_label: 'Negotiation' };
example(ComposeOptions, {
  ok: true, mailbox: mailboxExample, signature_text: 'Ayşe Demir\nSales, Ege Polimer A.Ş.', customer: { id: 42, name: 'Anadolu Ambalaj A.Ş.' },
  contacts: [{ id: 88, name: 'Mert Kaya', email: 'mert@anadolu.example', title: 'Purchasing Manager', main: true }], opp, opps: [opp],
});
