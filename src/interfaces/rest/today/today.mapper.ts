import type { z } from 'zod';
import type { Card, TodayView } from '../../../domain/crm/today/today.service';
import type { Workspace } from '../../../domain/workspace/workspace.entity';
import type { TodayResponse } from './today.schema';
import { taskCompact } from '../../../domain/crm/tasks/task.view';
import { customerCardView } from '../../../domain/crm/companies/company.view';
import { meetingView } from '../../../domain/crm/today/today.view';
import { leadView } from '../../../domain/crm/leads/lead.view';
import { contactCardView } from '../../../domain/crm/people/person.view';

function card<T, R>(c: Card<T>, map: (x: T) => R) {
  return { mine: c.mine.map(map), team: c.team.map(map), recent: c.recent.map(map), n: { mine: c.n.mine, recent: c.n.recent, team: c.n.team } };
}

export function toTodayResponse(v: TodayView, ws: Workspace): z.output<typeof TodayResponse> {
  const on = v.sections;
  // opportunity and task figures on a card only with their modules (Opportunities, Visits / Activities)
  const customer = (c: Parameters<typeof customerCardView>[0]) => {
    const item = customerCardView(c, v.companyViews, ws);
    if (!on.opportunities) item.open_opps = 0;
    if (!on.activities) item.pending_state = 'none';
    return item;
  };
  return {
    ok: true as const,
    date: v.date,
    cards: {
      customers: card(v.customers, customer),
      contacts: card(v.contacts, (p) => contactCardView(p, v.customerNames)),
      leads: card(v.leads, (l) => leadView(l, v.leadViews, ws)),
    },
    meetings: v.meetings.map((e) => meetingView(e, ws)),
    actions: v.actions.map((t) => taskCompact(t, false)),
    overdue: {
      tasks: v.overdueTasks.map((t) => taskCompact(t, true)),
      visits: v.overdueVisits.map(customer),
    },
    targets: {
      week_start: v.targets.weekStart,
      visits: { target: v.targets.visits.target, done: v.targets.visits.done },
      tasks: { target: v.targets.tasks.target, done: v.targets.tasks.done },
    },
  };
}
