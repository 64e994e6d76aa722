import { z } from 'zod';
import { example, f, named } from '../../../edge/openapi/schema';

/** Spec 2.11 Block: a part of the Quick Entry form and its fields. */
export const QuickEntryBlock = named(
  'QuickEntryBlock',
  z.object({
    k: z.string().meta({ description: 'block key: contact, opp, product, price, quantity, payment, trial, next' }),
    label: z.string(),
    obj: z.string().meta({ description: 'the record the block writes to: person, opportunity, activity, task' }),
    icon: z.string(),
    fields: z.array(
      z.object({
        k: z.string().meta({ description: 'field key' }),
        l: z.string().meta({ description: 'label' }),
        t: z.string().meta({ description: 'type: person, opportunity, product, money, number, select, date, text' }),
        o: z.array(z.string()).meta({ description: 'options (type select), else empty' }),
        u: z.string().meta({ description: "unit, '' when none" }),
        ph: z.string().meta({ description: "placeholder, '' when none" }),
      }),
    ),
  }),
  { description: 'A Quick Entry block (spec 2.11).' },
);
export const quickEntryBlockExample = example(QuickEntryBlock, {
  k: 'price', label: 'Offer price', obj: 'opportunity', icon: 'tag',
  fields: [
    { k: 'price', l: 'Price per unit', t: 'money', o: [], u: 'EUR', ph: '0.00' },
    { k: 'currency', l: 'Currency', t: 'select', o: ['EUR', 'USD', 'TRY'], u: '', ph: '' },
  ],
});

/** Spec 2.11 Template: which blocks the form shows, how, and their defaults. */
export const QuickEntryTemplate = named(
  'QuickEntryTemplate',
  z.object({
    id: f.id(),
    name: z.string(),
    icon: z.string(),
    topic: z.string().meta({ description: "one of constants.visit_topics (GET /api/v1/me), or ''" }),
    team: z.string().meta({ description: "the department the template is for, '' = everyone" }),
    vtype: z.string().meta({ description: "one of constants.visit_types (GET /api/v1/me), or ''" }),
    is_default: z.boolean(),
    blocks: z.array(
      z.object({
        k: z.string().meta({ description: 'block key (blocks[].k)' }),
        label: z.string().meta({ description: "the template's label for the block, else the block's" }),
        cond: z.string().meta({ description: "condition key (conds[].k); '' = always" }),
        st: z.enum(['open', 'chip', 'off']).meta({ description: 'open: shown open; chip: a chip the user opens; off: hidden' }),
        req: z.boolean().meta({ description: 'a required block' }),
        def: z.record(z.string(), z.string()).meta({ description: 'default values by field key' }),
        fl: z.array(z.string()).meta({ description: 'the fields shown, in order (empty = all)' }),
      }),
    ),
  }),
  { description: 'A Quick Entry template (spec 2.11).' },
);
export const quickEntryTemplateExample = example(QuickEntryTemplate, {
  id: 1, name: 'Customer visit', icon: 'handshake', topic: 'Relationship', team: '', vtype: 'F2F', is_default: true,
  blocks: [
    { k: 'contact', label: 'Contact', cond: '', st: 'open', req: true, def: {}, fl: [] },
    { k: 'price', label: 'Offer price', cond: 'has_product', st: 'chip', req: false, def: {}, fl: [] },
    { k: 'next', label: 'Next step', cond: '', st: 'open', req: true, def: { action: 'Visit' }, fl: [] },
  ],
});

/** GET /qe/config (spec 4.8): the form, its templates and the lists it offers. */
export const QuickEntryConfig = named(
  'QuickEntryConfig',
  z.object({
    ok: f.ok(),
    blocks: z.array(QuickEntryBlock),
    conds: z.array(z.object({ k: z.string(), label: z.string() })).meta({ description: 'the conditions a template block can carry (spec 2.11 Cond)' }),
    templates: z.array(QuickEntryTemplate),
    default_template: f.id().nullable().meta({
      description: "the template to open: by the user's department, then the conversation type, then the default; null without templates",
    }),
    topics: z.array(z.string()).meta({ description: 'constants.visit_topics' }),
    next_actions: z.array(z.string()).meta({ description: 'constants.next_actions' }),
    open_stages: z.array(z.string()).meta({ description: 'constants.open_stages' }),
    stage_labels: z.record(z.string(), z.string()).meta({ description: 'stage key -> label' }),
    visit_types: z.array(z.object({ k: z.string(), label: z.string(), icon: z.string() })).meta({ description: 'constants.visit_types with their icons (spec 2.11 Visit type)' }),
    currency: z.string().meta({ description: "the workspace's base currency" }),
    unit: z.string().meta({ description: "the workspace's default unit" }),
    undo_seconds: f.count().meta({ description: 'the undo window in seconds' }),
    users: z.array(z.object({ id: f.id(), full_name: z.string() })).meta({ description: 'the active users, by name' }),
  }),
  { description: 'The Quick Entry configuration (spec 2.11, 4.8).' },
);
example(QuickEntryConfig, {
  ok: true,
  blocks: [quickEntryBlockExample],
  conds: [{ k: 'has_product', label: 'When a product is chosen' }],
  templates: [quickEntryTemplateExample],
  default_template: 1,
  topics: ['Relationship', 'Offer follow-up', 'Trial follow-up'],
  next_actions: ['Call', 'Visit', 'Send offer'],
  open_stages: ['lead', 'offer', 'trial'],
  stage_labels: { lead: 'Lead', offer: 'Offer', trial: 'Trial' },
  visit_types: [{ k: 'F2F', label: 'F2F', icon: 'handshake' }],
  currency: 'EUR',
  unit: 'kg',
  undo_seconds: 10,
  users: [{ id: 7, full_name: 'Ayşe Demir' }],
});

/** Spec 2.12: one suggestion from a visit note. */
export const QuickEntrySuggestion = named(
  'QuickEntrySuggestion',
  z.object({
    id: z.string().meta({ description: 'stable key of the suggestion within the answer' }),
    kind: z.string().meta({ description: '`block` (fills a block), or a next-step kind: one of constants.next_actions (GET /api/v1/me)' }),
    label: z.string(),
    block: z.string().meta({ description: 'the block it fills: contact, opp, product, price, quantity, payment, trial, next' }),
    fields: z.record(z.string(), z.string()).meta({ description: 'field values by field key (strings)' }),
  }),
  { description: 'A Quick Entry suggestion (spec 2.12).' },
);
export const quickEntrySuggestionExample = example(QuickEntrySuggestion, {
  id: 'price-2.1-EUR-kg', kind: 'block', label: 'Price: 2.1 EUR/kg', block: 'price', fields: { price: '2.1', currency: 'EUR', unit: 'kg' },
});

export const QuickEntrySuggestionList = named('QuickEntrySuggestionList', z.object({ ok: f.ok(), items: z.array(QuickEntrySuggestion) }), {
  description: 'The suggestions for a note, in the order contacts, opportunities, products, price, quantity, payment, trial, next steps.',
  example: {
    ok: true,
    items: [
      quickEntrySuggestionExample,
      { id: 'next-send-offer-2026-12-01', kind: 'Send offer', label: 'Send offer · 2026-12-01', block: 'next', fields: { action: 'Send offer', date: '2026-12-01' } },
    ],
  },
});
