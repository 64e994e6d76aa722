import type { TenantDb } from '../../platform/database/tenant-db';
import { addDays, todayIn } from '../../platform/common/time';
import { Activity } from '../crm/activities/activity.entity';
import { CalendarEntry } from '../crm/calendar/calendar-entry.entity';
import { Company } from '../crm/companies/company.entity';
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

const COMPANIES = [
  { name: 'Anadolu Ambalaj San. ve Tic. A.Ş.', city: 'Bursa', sector: 'Flexible packaging', status: 'Key account', potentialKg: 120000, taxNo: '0680012345' },
  { name: 'Ege Film Plastik Ltd. Şti.', city: 'İzmir', sector: 'Film extrusion', status: 'Active', potentialKg: 60000, taxNo: '3250098765' },
  { name: 'Marmara Şişe A.Ş.', city: 'Kocaeli', sector: 'Bottles', status: 'Active', potentialKg: 90000, taxNo: '6110054321' },
  { name: 'Karadeniz Boru Sistemleri', city: 'Samsun', sector: 'Pipes', status: 'Prospect', potentialKg: 40000, taxNo: '' },
  { name: 'Toros Tarım Filmleri', city: 'Adana', sector: 'Agricultural film', status: 'Prospect', potentialKg: 75000, taxNo: '' },
  { name: 'Başkent Kablo A.Ş.', city: 'Ankara', sector: 'Cables', status: 'Passive', potentialKg: 20000, taxNo: '0070011122' },
  { name: 'Akdeniz Oyuncak Ltd.', city: 'Antalya', sector: 'Toys', status: 'Prospect', potentialKg: 8000, taxNo: '' },
  { name: 'Trakya Tekstil Aksesuar', city: 'Tekirdağ', sector: 'Textile accessories', status: 'Active', potentialKg: 15000, taxNo: '8330077788' },
];

const PEOPLE = [
  ['Hakan Öztürk', 'Purchasing Manager'],
  ['Zeynep Arslan', 'Production Manager'],
  ['Burak Çelik', 'General Manager'],
  ['Selin Koç', 'Quality Engineer'],
];

const OPP_STAGES = ['Qualify', 'Viable', 'Present Solution', 'Negotiation', 'Expect to Close', 'Win', 'Lost', 'Cancel'];

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
  const companies = await seedCompanies(m, ws, team, counts);
  await seedOpportunities(m, ws, companies, products, counts);
  counts.activities = await seedVisits(m, ws, companies);
  counts.calendar = await seedMeetings(m, ws, team, companies);
  return { companies, counts };
}

/** Companies, each with two to four people. */
async function seedCompanies(m: TenantDb, ws: Workspace, team: User[], counts: CrmCounts): Promise<Company[]> {
  const today = todayIn(ws.timezone);
  const c = ws.constants;
  const companies: Company[] = [];
  for (const [i, d] of COMPANIES.entries()) {
    const owner = team[i % team.length];
    const lastVisit = i % 3 === 2 ? null : addDays(today, -(7 + i * 9));
    const company = await m.save(
      Company,
      m.create(Company, {
        workspaceId: ws.id,
        name: d.name,
        nameNorm: normalizeName(d.name),
        status: d.status,
        sector: d.sector,
        city: d.city,
        country: 'TR',
        taxNo: d.taxNo,
        taxOffice: d.taxNo ? `${d.city} VD` : '',
        erpCode: d.status === 'Prospect' ? '' : `120.${String(100 + i)}`,
        erpExtId: d.status === 'Prospect' ? '' : `CUST-${1000 + i}`,
        potentialKg: d.potentialKg,
        currency: ws.app.currency_base,
        unit: ws.app.unit_default,
        phone: `+90 2${i}2 555 01 ${10 + i}`,
        ownerId: owner.id,
        lastVisit,
        nextVisitDue: nextVisitDue(lastVisit ?? today, d.status, c.visit_period),
        source: i % 2 ? 'Trade fair' : 'Referral',
        isSample: true,
        createdBy: owner.id,
      }),
    );
    companies.push(company);
    counts.companies++;
    for (const [j, [name, title]] of PEOPLE.slice(0, 2 + (i % 3)).entries()) {
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

/** One opportunity per stage, with its stage path and, while open, a task for its next step. */
async function seedOpportunities(m: TenantDb, ws: Workspace, companies: Company[], products: Product[], counts: CrmCounts): Promise<void> {
  const today = todayIn(ws.timezone);
  const c = ws.constants;
  for (const [i, stage] of OPP_STAGES.entries()) {
    const company = companies[i % companies.length];
    const product = products[i % products.length];
    const open = c.open_stages.includes(stage);
    const stageIndex = Math.min(c.open_stages.indexOf(stage) < 0 ? 4 : c.open_stages.indexOf(stage), 4);
    const flags = { bantB: stageIndex >= 1, bantA: stageIndex >= 1, bantN: stageIndex >= 2, bantT: stageIndex >= 3 };
    const opp = await m.save(
      Opportunity,
      m.create(Opportunity, {
        workspaceId: ws.id,
        name: `${product.name} ${2027 + (i % 2)}`,
        customerId: company.id,
        ownerId: company.ownerId,
        stage,
        isOpen: open,
        stageChangedAt: new Date(Date.now() - (3 + i * 4) * 86_400_000),
        value: 5000 + i * 7500,
        currency: ws.app.currency_base,
        potentialKg: 4000 + i * 2500,
        unit: 'kg',
        productId: product.id,
        closeDate: addDays(today, 15 + i * 10),
        startDate: addDays(today, -(20 + i * 12)),
        type: c.opp_types[i % c.opp_types.length],
        source: company.source,
        line: i % 2 ? 'Film' : 'Rigid',
        nextStep: open ? c.next_actions[i % c.next_actions.length] : '',
        offerPrice: stageIndex >= 3 ? product.listPrice : null,
        paymentDays: stageIndex >= 3 ? 60 : null,
        ...flags,
        closedAt: open ? null : new Date(Date.now() - 86_400_000),
        closeReason: stage === 'Lost' ? 'Price' : stage === 'Cancel' ? 'No decision' : '',
        closeCategory: open ? '' : defaultCloseCategory(c, stage),
        tags: i % 2 ? ['fair-2026'] : [],
        isSample: true,
        lastActivityAt: new Date(Date.now() - i * 3 * 86_400_000),
      }),
    );
    counts.opportunities++;
    await seedStagePath(m, ws, opp, open, stageIndex);
    if (open) {
      await seedOppTask(m, ws, opp, company, i);
      counts.tasks++;
    }
  }
}

/** The stage log and the steps of every stage the opportunity went through (BANT steps done as its flags say). */
async function seedStagePath(m: TenantDb, ws: Workspace, opp: Opportunity, open: boolean, stageIndex: number): Promise<void> {
  const c = ws.constants;
  const stage = opp.stage;
  const path = open ? c.open_stages.slice(0, stageIndex + 1) : [...c.open_stages.slice(0, stageIndex + 1), stage];
  let from: string | null = null;
  for (const to of path) {
    await m.insert(OppLog, { workspaceId: ws.id, oppId: opp.id, fromStage: from, toStage: to, note: '', userId: opp.ownerId });
    const templates = stepsOf(c, to);
    if (templates.length) {
      await m.insert(
        Step,
        templates.map((tpl, position) => {
          const done = tpl.bant ? opp[BANT_FIELD[tpl.bant]] : to !== stage;
          return { workspaceId: ws.id, oppId: opp.id, stage: to, title: tpl.title, position, auto: !!tpl.bant, bantKey: tpl.bant ?? null, done, doneAt: done ? new Date() : null };
        }),
      );
    }
    from = to;
  }
}

/** The open opportunity's next step as a task of its owner. */
async function seedOppTask(m: TenantDb, ws: Workspace, opp: Opportunity, company: Company, i: number): Promise<void> {
  const c = ws.constants;
  const today = todayIn(ws.timezone);
  await m.insert(Task, {
    workspaceId: ws.id,
    title: `${opp.nextStep}: ${company.name}`,
    dueDate: addDays(today, i - 2),
    priority: c.task_priorities[i % c.task_priorities.length],
    status: c.task_statuses[0],
    assigneeId: opp.ownerId,
    ownerId: opp.ownerId,
    customerId: company.id,
    oppId: opp.id,
    isSample: true,
  });
}

/** The last visit of every company that has one. */
async function seedVisits(m: TenantDb, ws: Workspace, companies: Company[]): Promise<number> {
  const today = todayIn(ws.timezone);
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
      nextDate: addDays(today, 7),
      outcome: 'Positive',
      ownerId: company.ownerId,
      isSample: true,
    });
    n++;
  }
  return n;
}

/** A meeting for each team member in the coming hours. */
async function seedMeetings(m: TenantDb, ws: Workspace, team: User[], companies: Company[]): Promise<number> {
  let n = 0;
  for (const [i, u] of team.entries()) {
    const start = new Date(Date.now() + (i + 1) * 3_600_000);
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
