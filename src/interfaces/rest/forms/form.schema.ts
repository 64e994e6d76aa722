import { z } from 'zod';
import { example, f, named } from '../../../edge/openapi/schema';
import { UserSummary, userSummaryExample } from '../shared/common.schema';

/** An extra field of a website form, besides company, name, email, phone and message. */
export const WebFormField = named(
  'WebFormField',
  z.object({
    key: z.string().meta({ description: 'the key of its value in a submission\'s `fields`' }),
    label: z.string(),
    required: z.boolean(),
  }),
  { description: 'An extra field of a website form.', example: { key: 'volume', label: 'Yearly volume (t)', required: false } },
);

/** A website form (beyond the spec: docs/decisions/objects-approvals-forms.md, "Website forms"). */
export const WebForm = named(
  'WebForm',
  z.object({
    id: f.id(),
    name: z.string(),
    public_key: z.string().meta({ description: 'the key in the public submission path' }),
    submit_path: z.string().meta({ description: 'POST submissions here, on the workspace host' }),
    owner: UserSummary.nullable().meta({ description: 'gets the follow-up tasks and owns the companies submissions create' }),
    fields: z.array(WebFormField),
    active: z.boolean().meta({ description: 'an inactive form refuses submissions (404)' }),
    submissions: f.count(),
    last_submitted_at: f.timestamp().nullable().meta({ description: 'local time of the last submission; null before the first' }),
    created_at: f.timestamp(),
    updated_at: f.timestamp(),
  }),
  { description: "A form on the customer's website whose submissions create or match a company and make a task." },
);
export const webFormExample = example(WebForm, {
  id: 3, name: 'Contact us', public_key: 'pX3r9Kq2LmZ8vB1w', submit_path: '/api/v1/forms/pX3r9Kq2LmZ8vB1w/submit', owner: userSummaryExample,
  fields: [{ key: 'volume', label: 'Yearly volume (t)', required: false }], active: true, submissions: 14, last_submitted_at: '2026-11-25T17:40:12',
  created_at: '2026-06-02T09:00:00', updated_at: '2026-10-11T14:22:31',
});

export const WebFormResponse = named('WebFormResponse', z.object({ ok: f.ok(), form: WebForm }), { description: 'One website form.', example: { ok: true, form: webFormExample } });
export const WebFormList = named('WebFormList', z.object({ ok: f.ok(), items: z.array(WebForm) }), {
  description: "The workspace's website forms by name (not paged; at most 500).",
  example: { ok: true, items: [webFormExample] },
});

/** The same answer for every accepted submission (a honeypot one included). */
export const WebFormSubmitResponse = named('WebFormSubmitResponse', z.object({ ok: f.ok(), message: z.string().meta({ description: 'a thank-you text to show the visitor' }) }), {
  description: 'The submission was accepted (also when the honeypot was filled and nothing was stored).',
  example: { ok: true, message: 'Thank you, we will be in touch.' },
});
