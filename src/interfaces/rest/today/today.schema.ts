import { z } from 'zod';
import type { meetingView } from '../../../domain/crm/today/today.view';
import { TaskCompact } from '../../../domain/crm/tasks/task.view';
import { example, f, named, type Assert, type Conforms } from '../../../edge/openapi/schema';
import { CustomerCard, customerCardExample } from '../companies/company.schema';
import { Lead, leadExample } from '../leads/lead.schema';
import { ContactCard, contactCardExample } from '../people/person.schema';

const CardCounts = named(
  'CardCounts',
  z.object({ mine: f.count(), recent: f.count(), team: f.count() }),
  { description: 'How many items each list of a card has in all (the lists show the first few).', example: { mine: 12, recent: 3, team: 40 } },
);

const cardOf = <T extends z.ZodType>(item: T, what: string) =>
  z.object({
    mine: z.array(item).meta({ description: `the caller's own ${what}` }),
    team: z.array(item).meta({ description: `${what} of the caller's team` }),
    recent: z.array(item).meta({ description: `recently opened ${what}` }),
    n: CardCounts,
  });

/** A calendar entry of today. */
export const TodayMeeting = named(
  'TodayMeeting',
  z.object({ id: f.id(), title: z.string(), start: f.timestamp(), end: f.timestamp(), location: z.string(), customer_id: f.id().nullable() }),
  { description: "A calendar entry of the caller's day." },
);
const meetingExample = example(TodayMeeting, { id: 501, title: 'Visit Anadolu Ambalaj', start: '2026-11-26T10:00:00', end: '2026-11-26T11:30:00', location: 'Bursa', customer_id: 42 });

/** A task of today's actions or of the overdue list: the task's compact projection (src/domain/crm/tasks/task.view.ts). */
export const TodayTask = named('TodayTask', TaskCompact, { description: 'An open task assigned to the caller.' });
const taskExample = example(TodayTask, { id: 230, title: 'Send the offer for PE film', due_date: '2026-11-26', priority: 'High', status: 'Open', customer_id: 42, opp_id: 95, overdue: false });

const Target = z.object({
  target: f.count().meta({ description: 'the weekly target; 0 without the Visits / Activities module' }),
  done: f.count().meta({ description: 'done this week so far' }),
});

/** GET /api/v1/today (spec 4.2). */
export const TodayResponse = named(
  'TodayResponse',
  z.object({
    ok: f.ok(),
    date: f.date().meta({ description: "today in the workspace's time zone" }),
    cards: z.object({
      customers: cardOf(CustomerCard, 'companies').meta({ description: 'empty without the Customers module' }),
      contacts: cardOf(ContactCard, 'people').meta({ description: 'empty without the Customers module' }),
      leads: cardOf(Lead, 'leads still to work on (status not in constants.lead_closed_statuses), next date first').meta({ description: 'empty without the Fair leads module' }),
    }),
    meetings: z.array(TodayMeeting).meta({ description: "today's calendar entries; needs Visits / Activities" }),
    actions: z.array(TodayTask).meta({ description: 'open tasks due today or soon; needs Visits / Activities' }),
    overdue: z.object({
      tasks: z.array(TodayTask).meta({ description: 'open tasks past their due date' }),
      visits: z.array(CustomerCard).meta({ description: 'companies whose visit is overdue; needs Customers and Visits / Activities' }),
    }),
    targets: z.object({ week_start: f.date(), visits: Target, tasks: Target }).meta({ description: 'weekly visit and task targets' }),
  }),
  { description: "The caller's day (spec 4.2)." },
);
const counts = { mine: 1, recent: 1, team: 0 };
example(TodayResponse, {
  ok: true,
  date: '2026-11-26',
  cards: {
    customers: { mine: [customerCardExample], team: [], recent: [customerCardExample], n: counts },
    contacts: { mine: [contactCardExample], team: [], recent: [contactCardExample], n: counts },
    leads: { mine: [leadExample], team: [], recent: [leadExample], n: counts },
  },
  meetings: [meetingExample],
  actions: [taskExample],
  overdue: { tasks: [{ ...taskExample, id: 214, title: 'Call back about samples', due_date: '2026-11-20', overdue: true }], visits: [] },
  targets: { week_start: '2026-11-23', visits: { target: 10, done: 4 }, tasks: { target: 15, done: 9 } },
});

export const WeeklyTargetsResponse = named(
  'WeeklyTargets',
  z.object({
    ok: f.ok(),
    visits: f.count().meta({ description: 'visits per user and week (constants.weekly_visit_target)' }),
    tasks: f.count().meta({ description: 'completed tasks per user and week (constants.weekly_task_target)' }),
  }),
  { description: "The workspace's weekly targets per user, which Today's progress bars and the activity report measure against.", example: { ok: true, visits: 10, tasks: 15 } },
);

/** The domain's read model is what this schema documents (src/domain/crm/today/today.view.ts). */
export type TodayMeetingViewFits = Assert<Conforms<ReturnType<typeof meetingView>, typeof TodayMeeting>>;
