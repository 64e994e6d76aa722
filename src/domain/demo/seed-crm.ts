import type { TenantDb } from '../../platform/database/tenant-db';
import { Activity } from '../crm/activities/activity.entity';
import { CalendarEntry } from '../crm/calendar/calendar-entry.entity';
import { Company } from '../crm/companies/company.entity';
import { OppHistory } from '../crm/opportunities/opp-history.entity';
import { reportedState } from '../crm/opportunities/opp-history';
import { OppLog } from '../crm/opportunities/opp-log.entity';
import { Opportunity } from '../crm/opportunities/opportunity.entity';
import { BANT_FIELD, defaultCloseCategory, stepsOf } from '../crm/opportunities/opportunities.rules';
import { Step } from '../crm/opportunities/step.entity';
import { Person } from '../crm/people/person.entity';
import { Product } from '../crm/products/product.entity';
import { normalizeName } from '../crm/shared/duplicate';
import { nextVisitDue } from '../crm/companies/visits';
import { Task } from '../crm/tasks/task.entity';
import type { User } from '../identity/user.entity';
import type { Workspace } from '../workspace/workspace.entity';
import { SeedCalendar } from './seed-time';

/** `status`: a position in the workspace's customer_statuses (default: Prospect, Active, Key account, Passive); 0 has no ERP account. */
const COMPANIES = [
  { name: 'Anadolu Ambalaj San. ve Tic. A.Ş.', city: 'Bursa', sector: 'Flexible packaging', status: 2, potentialKg: 120000, taxNo: '0680012345' },
  { name: 'Ege Film Plastik Ltd. Şti.', city: 'İzmir', sector: 'Film extrusion', status: 1, potentialKg: 60000, taxNo: '3250098765' },
  { name: 'Marmara Şişe A.Ş.', city: 'Kocaeli', sector: 'Bottles', status: 1, potentialKg: 90000, taxNo: '6110054321' },
  { name: 'Karadeniz Boru Sistemleri', city: 'Samsun', sector: 'Pipes', status: 0, potentialKg: 40000, taxNo: '' },
  { name: 'Toros Tarım Filmleri', city: 'Adana', sector: 'Agricultural film', status: 0, potentialKg: 75000, taxNo: '' },
  { name: 'Başkent Kablo A.Ş.', city: 'Ankara', sector: 'Cables', status: 3, potentialKg: 20000, taxNo: '0070011122' },
  { name: 'Akdeniz Oyuncak Ltd.', city: 'Antalya', sector: 'Toys', status: 0, potentialKg: 8000, taxNo: '' },
  { name: 'Trakya Tekstil Aksesuar', city: 'Tekirdağ', sector: 'Textile accessories', status: 1, potentialKg: 15000, taxNo: '8330077788' },
];

/** Each person works at one company: a name is never used twice (24 names for at most 4 people × 8 companies). */
const PEOPLE_NAMES = [
  'Hakan Öztürk', 'Zeynep Arslan', 'Burak Çelik', 'Selin Koç', 'Murat Aydın', 'Derya Şahin', 'Emre Yıldız', 'Gökçe Aksoy',
  'Kerem Polat', 'Nazlı Erdem', 'Onur Kurt', 'Pınar Güneş', 'Serkan Doğan', 'Tuğba Kılıç', 'Ufuk Aslan', 'Yasemin Çetin',
  'Can Özdemir', 'Ebru Kara', 'Levent Işık', 'Merve Tekin', 'Orhan Yavuz', 'Seda Uçar', 'Tolga Bulut', 'Ayten Korkmaz',
];
const PEOPLE_TITLES = ['Purchasing Manager', 'Production Manager', 'General Manager', 'Quality Engineer'];
/** Meeting times of the team, one a member, in working hours. */
const MEETING_SLOTS = ['10:00', '14:00', '11:30', '15:30'];


export interface CrmCounts {
  companies: number;
  people: number;
  opportunities: number;
  activities: number;
  tasks: number;
  calendar: number;
}

/** Sample companies with their people, opportunities along their stages, visits and meetings (flagged as sample data: no events). */
export async function seedCrm(m: TenantDb, ws: Workspace, team: User[], products: Product[]): Promise<{ companies: Company[]; counts: CrmCounts }> {
  const counts: CrmCounts = { companies: 0, people: 0, opportunities: 0, activities: 0, tasks: 0, calendar: 0 };
  const cal = new SeedCalendar(ws.timezone, ws.constants.holiday_country ?? 'TR');
  const companies = await seedCompanies(m, ws, cal, team, counts);
  await seedOpportunities(m, ws, cal, companies, products, counts);
  counts.activities = await seedVisits(m, ws, cal, companies);
  counts.calendar = await seedMeetings(m, ws, cal, team, companies);
  return { companies, counts };
}

/** Companies, each with two to four people. */
async function seedCompanies(m: TenantDb, ws: Workspace, cal: SeedCalendar, team: User[], counts: CrmCounts): Promise<Company[]> {
  const today = cal.today;
  const c = ws.constants;
  const companies: Company[] = [];
  let nextName = 0;
  for (const [i, d] of COMPANIES.entries()) {
    const owner = team[i % team.length];
    const lastVisit = i % 3 === 2 ? null : cal.day(-(7 + i * 9));
    const status = c.customer_statuses[d.status] ?? c.customer_statuses[0];
    const company = await m.save(
      Company,
      m.create(Company, {
        workspaceId: ws.id,
        name: d.name,
        nameNorm: normalizeName(d.name),
        status,
        sector: d.sector,
        city: d.city,
        country: 'TR',
        taxNo: d.taxNo,
        taxOffice: d.taxNo ? `${d.city} VD` : '',
        erpCode: d.status === 0 ? '' : `120.${String(100 + i)}`,
        erpExtId: d.status === 0 ? '' : `CUST-${1000 + i}`,
        potentialKg: d.potentialKg,
        currency: ws.app.currency_base,
        unit: ws.app.unit_default,
        phone: `+90 2${i}2 555 01 ${10 + i}`,
        ownerId: owner.id,
        lastVisit,
        nextVisitDue: nextVisitDue(lastVisit ?? today, status, c.visit_period),
        source: i % 2 ? 'Trade fair' : 'Referral',
        isSample: true,
        createdBy: owner.id,
      }),
    );
    companies.push(company);
    counts.companies++;
    for (let j = 0; j < 2 + (i % 3); j++) {
      const name = PEOPLE_NAMES[nextName++ % PEOPLE_NAMES.length]!;
      const title = PEOPLE_TITLES[j % PEOPLE_TITLES.length];
      await m.insert(Person, {
        workspaceId: ws.id,
        customerId: company.id,
        name,
        nameNorm: normalizeName(name),
        title,
        email: `${normalizeName(name).replace(/ /g, '.')}@example.com`,
        phone: `+90 5${i}${j} 444 22 ${10 + j}`,
        isMain: j === 0,
        ownerId: owner.id,
        isSample: true,
      });
      counts.people++;
    }
  }
  return companies;
}

/**
 * Days each open opportunity has been in its stage, as a share of the stage's SLA: well inside it, so the
 * health label ("Healthy") agrees with the days-in-stage bar, except one deal (index 3) that is over its
 * SLA and quiet, and reads "At risk" accordingly.
 */
const SLA_SHARE = [0.35, 0.45, 0.3, 1.4, 0.4];
/** Days spent in each earlier stage on the way (the stage history). */
const DAYS_PER_PASSED_STAGE = 9;

/** One opportunity per stage, with its stage path and, while open, a task for its next step. */
async function seedOpportunities(m: TenantDb, ws: Workspace, cal: SeedCalendar, companies: Company[], products: Product[], counts: CrmCounts): Promise<void> {
  const c = ws.constants;
  // the workspace's own stages (a renamed installation seeds its names), one opportunity each
  for (const [i, stage] of c.stages.entries()) {
    const company = companies[i % companies.length];
    const product = products[i % products.length];
    const open = c.open_stages.includes(stage);
    const stageIndex = Math.min(c.open_stages.indexOf(stage) < 0 ? 4 : c.open_stages.indexOf(stage), 4);
    const flags = { bantB: stageIndex >= 1, bantA: stageIndex >= 1, bantN: stageIndex >= 2, bantT: stageIndex >= 3 };
    // open: a share of the stage's SLA; closed: closed a few days ago
    const sla = c.stage_sla[stage] ?? 14;
    const daysInStage = open ? Math.max(1, Math.round(sla * (SLA_SHARE[i % SLA_SHARE.length] ?? 0.4))) : 2 + i;
    const atRisk = open && daysInStage > sla;
    const path = open ? c.open_stages.slice(0, stageIndex + 1) : [...c.open_stages.slice(0, stageIndex + 1), stage];
    // the stage history: every stage entered DAYS_PER_PASSED_STAGE days after the one before, the last one
    // `daysInStage` days ago; the opportunity started when it entered the first
    const entered = path.map((_, k) => cal.ago(daysInStage + (path.length - 1 - k) * DAYS_PER_PASSED_STAGE));
    const stageChangedAt = entered.at(-1)!;
    const startDate = cal.day(-(daysInStage + (path.length - 1) * DAYS_PER_PASSED_STAGE));
    const opp = await m.save(
      Opportunity,
      m.create(Opportunity, {
        workspaceId: ws.id,
        name: `${product.name} ${2027 + (i % 2)}`,
        customerId: company.id,
        ownerId: company.ownerId,
        stage,
        isOpen: open,
        stageChangedAt,
        value: 5000 + i * 7500,
        currency: ws.app.currency_base,
        potentialKg: 4000 + i * 2500,
        unit: 'kg',
        productId: product.id,
        closeDate: open ? cal.day(15 + i * 10) : cal.day(-daysInStage),
        startDate,
        type: c.opp_types[i % c.opp_types.length],
        source: company.source,
        line: i % 2 ? 'Film' : 'Rigid',
        nextStep: open ? c.next_actions[i % c.next_actions.length] : '',
        offerPrice: stageIndex >= 3 ? product.listPrice : null,
        paymentDays: stageIndex >= 3 ? 60 : null,
        ...flags,
        closedAt: open ? null : stageChangedAt,
        closeReason: open || c.stage_roles[stage] === 'won' ? '' : (c.loss_reasons[i % c.loss_reasons.length] ?? ''),
        closeCategory: open ? '' : defaultCloseCategory(c, stage),
        tags: i % 2 ? ['fair-2026'] : [],
        isSample: true,
        // the at-risk deal has been quiet for three weeks; the others were worked on this week or last
        lastActivityAt: atRisk ? cal.ago(21) : cal.ago(Math.min(i * 2, daysInStage)),
      }),
    );
    counts.opportunities++;
    await seedStagePath(m, ws, opp, path, entered);
    if (open) {
      await seedOppTask(m, ws, cal, opp, company, i);
      counts.tasks++;
    }
  }
}

/**
 * The stage log and the steps of every stage the opportunity went through (BANT steps done as its flags
 * say), dated as it happened: each log entry when the stage was entered, each step done when it was left.
 */
async function seedStagePath(m: TenantDb, ws: Workspace, opp: Opportunity, path: string[], entered: Date[]): Promise<void> {
  const c = ws.constants;
  const stage = opp.stage;
  let from: string | null = null;
  for (const [k, to] of path.entries()) {
    await m.insert(OppLog, { workspaceId: ws.id, oppId: opp.id, at: entered[k], fromStage: from, toStage: to, note: '', userId: opp.ownerId });
    // the reports' history, dated like the log (docs/decisions/reports.md)
    await m.insert(OppHistory, { workspaceId: ws.id, oppId: opp.id, at: entered[k], kind: k ? 'stage' : 'created', userId: opp.ownerId, ...reportedState(ws, { ...opp, stage: to }) });
    const templates = stepsOf(c, to);
    const left = entered[k + 1] ?? null;
    if (templates.length) {
      await m.insert(
        Step,
        templates.map((tpl, position) => {
          const done = tpl.bant ? opp[BANT_FIELD[tpl.bant]] : to !== stage;
          return { workspaceId: ws.id, oppId: opp.id, stage: to, title: tpl.title, position, auto: !!tpl.bant, bantKey: tpl.bant ?? null, done, doneAt: done ? (left ?? entered[k]) : null };
        }),
      );
    }
    from = to;
  }
}

/** The open opportunity's next step as a task of its owner, due on a working day around today. */
async function seedOppTask(m: TenantDb, ws: Workspace, cal: SeedCalendar, opp: Opportunity, company: Company, i: number): Promise<void> {
  const c = ws.constants;
  await m.insert(Task, {
    workspaceId: ws.id,
    title: `${opp.nextStep}: ${company.name}`,
    dueDate: cal.day(i - 2),
    priority: c.task_priorities[i % c.task_priorities.length],
    status: c.task_statuses[0],
    assigneeId: opp.ownerId,
    ownerId: opp.ownerId,
    customerId: company.id,
    oppId: opp.id,
    isSample: true,
  });
}

/** The last visit of every company that has one (on a working day), its next step a week on. */
async function seedVisits(m: TenantDb, ws: Workspace, cal: SeedCalendar, companies: Company[]): Promise<number> {
  const c = ws.constants;
  let n = 0;
  for (const [i, company] of companies.entries()) {
    if (!company.lastVisit) continue;
    await m.insert(Activity, {
      workspaceId: ws.id,
      type: c.visit_types[i % c.visit_types.length],
      topic: c.visit_topics[i % c.visit_topics.length],
      date: company.lastVisit,
      durationMin: 45,
      customerId: company.id,
      note: 'Discussed volumes for next season; samples requested.',
      nextAction: c.next_actions[i % c.next_actions.length],
      nextDate: cal.day(7),
      outcome: 'Positive',
      ownerId: company.ownerId,
      isSample: true,
    });
    n++;
  }
  return n;
}

/** A meeting for each team member at a working-hours slot of the coming working days (today's when still ahead). */
async function seedMeetings(m: TenantDb, ws: Workspace, cal: SeedCalendar, team: User[], companies: Company[]): Promise<number> {
  let n = 0;
  for (const [i, u] of team.entries()) {
    const start = cal.nextSlot(MEETING_SLOTS[i % MEETING_SLOTS.length]!, Math.floor(i / MEETING_SLOTS.length));
    await m.insert(CalendarEntry, {
      workspaceId: ws.id,
      title: `Meeting at ${companies[i].name}`,
      startAt: start,
      endAt: new Date(start.getTime() + 3_600_000),
      location: companies[i].city,
      attendeeIds: [u.id],
      customerId: companies[i].id,
      ownerId: u.id,
      isSample: true,
    });
    n++;
  }
  return n;
}
