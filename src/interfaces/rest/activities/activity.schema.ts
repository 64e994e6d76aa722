import { z } from 'zod';
import { example, f, listOf, named, type Assert, type Conforms } from '../../../edge/openapi/schema';
import type { activityView } from '../../../domain/crm/activities/activity.view';
import { UserSummary, userSummaryExample } from '../shared/common.schema';

/** The activity / visit record (spec 2.18: fields not shown in the spec; these are the service's). */
export const Activity = named(
  'Activity',
  z.object({
    id: f.id(),
    rid: z.string().meta({ description: 'display key, e.g. A-512' }),
    type: z.string().meta({ description: 'one of constants.visit_types (GET /api/v1/me)' }),
    topic: z.string().meta({ description: "one of constants.visit_topics (GET /api/v1/me) or free text; '' when none" }),
    date: f.date(),
    duration_min: z.int().min(0).nullable().meta({ description: 'minutes; null when not given' }),
    customer_id: f.id(),
    customer: z.string().meta({ description: "the company's name ('' when the company no longer exists)" }),
    person_ids: z.array(f.id()).meta({ description: 'people of the company who took part' }),
    people: z.array(z.object({ id: f.id(), name: z.string() })).meta({ description: 'the people of person_ids that still exist, with their names' }),
    opp_id: f.id().nullable(),
    opp: z.string().nullable().meta({ description: "the opportunity's name; null without one" }),
    note: z.string(),
    next_action: z.string().meta({ description: "usually one of constants.next_actions (GET /api/v1/me); '' when none" }),
    next_date: f.date().nullable(),
    task_id: f.id().nullable().meta({ description: "the follow-up task next_action became (assigned to the owner, due on next_date); null without a next step" }),
    task: z.string().nullable().meta({ description: "that task's title; null without one or when it was deleted" }),
    outcome: z.string(),
    blocks: z
      .record(z.string(), z.record(z.string(), z.string()))
      .meta({ description: "what the Quick Entry form's blocks held: block key -> field key -> value ({} when none; GET /api/v1/qe/config names them)" }),
    owner: UserSummary.nullable(),
    can_edit: z.boolean().meta({ description: 'the caller may change or delete this activity' }),
    created_at: f.timestamp(),
    updated_at: f.timestamp(),
  }),
  { description: 'An activity / visit logged against a company.' },
);
export const activityExample = example(Activity, {
  id: 512, rid: 'A-512', type: 'F2F', topic: 'Offer follow-up', date: '2026-11-24', duration_min: 45, customer_id: 42, customer: 'Anadolu Ambalaj A.Ş.',
  person_ids: [118], people: [{ id: 118, name: 'Mert Kaya' }], opp_id: 95, opp: 'PE film 2027 contract', note: 'Price accepted, volume to be confirmed.',
  next_action: 'Send offer', next_date: '2026-12-01', task_id: 733, task: 'Send offer: Anadolu Ambalaj A.Ş.', outcome: 'positive',
  blocks: { product: { product_id: '7' }, price: { price: '12.5', currency: 'EUR', unit: 'kg' }, next: { action: 'Send offer', date: '2026-12-01' } }, owner: userSummaryExample, can_edit: true,
  created_at: '2026-11-24T17:12:08', updated_at: '2026-11-24T17:12:08',
});

export const ActivityResponse = named('ActivityResponse', z.object({ ok: f.ok(), activity: Activity }));
export const ActivityList = listOf('ActivityList', Activity, 'A page of activities, newest first.');

/** The domain's read model is what this schema documents (src/domain/crm/activities/activity.view.ts). */
export type ActivityViewFits = Assert<Conforms<ReturnType<typeof activityView>, typeof Activity>>;
