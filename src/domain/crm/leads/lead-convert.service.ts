import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { DomainError, invalid } from '../../../platform/common/errors';
import { dateIn } from '../../../platform/common/time';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { UserContext } from '../../identity/auth-context';
import { ActivitiesService } from '../activities/activities.service';
import { CompaniesService } from '../companies/companies.service';
import { Company } from '../companies/company.entity';
import { OpportunitiesService } from '../opportunities/opportunities.service';
import { Person } from '../people/person.entity';
import { PeopleService } from '../people/people.service';
import { AccessService } from '../shared/access.service';
import { DuplicateError } from '../shared/duplicate';
import { TasksService } from '../tasks/tasks.service';
import { rid } from '../shared/event-data';
import { normalizeName } from '../shared/normalize';
import { RefsService } from '../shared/refs.service';
import { Fair } from './fair.entity';
import { Lead, LeadPerson } from './lead.entity';
import { leadPeople, personChoices } from './lead-rules';
import { LeadOne, LeadsService } from './leads.service';

/** The body of POST /leads/{id}/convert (spec 4.3); every field optional. */
export interface ConvertInput {
  mode?: 'existing' | 'new';
  customer_id?: number;
  people?: Record<string, unknown>;
  opp_mode?: 'new' | 'existing' | 'none';
  opp_id?: number;
  make_visit?: boolean;
  make_task?: boolean;
}

export interface ConvertResult {
  /** People created as new contacts. */
  created: number;
  /** People linked to contacts that already existed. */
  linked: number;
  customer: string;
  customerId: number;
  oppId: number | null;
  /** The follow-up task made of the lead's next action, if any. */
  taskId: number | null;
  message: string;
  one: LeadOne;
}

/**
 * Spec 4.3 / 3.1: a lead becomes a company (linked or created), contacts (created, linked or skipped by
 * index), an opportunity (created, linked or none), a fair visit and (when the lead has a next action) a
 * follow-up task of the caller's, due on the lead's next date (`task_id`), and takes the converted status,
 * all in ONE unit of work through the companies', people's, opportunities' and activities' own services
 * (so their rules and events apply: customer_created, contact_created, opp_created, visit_created).
 *
 * The lead row is locked first (FOR UPDATE), so of two concurrent conversions the second waits and then
 * sees the first one's result; a lead that is already converted answers its existing links and changes
 * nothing (a retry or a stale body never creates duplicates).
 */
@Injectable()
export class LeadConvertService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly access: AccessService,
    private readonly refs: RefsService,
    private readonly leads: LeadsService,
    private readonly companies: CompaniesService,
    private readonly people: PeopleService,
    private readonly opportunities: OpportunitiesService,
    private readonly activities: ActivitiesService,
    private readonly tasks: TasksService,
  ) {}

  async convert(auth: UserContext, id: number, input: ConvertInput): Promise<ConvertResult> {
    checkShape(input);
    const ws = auth.workspace;
    const c = ws.constants;
    const db = this.uow.tenant(ws.id);
    const result = await this.uow.run(async () => {
      const lead = await this.access.findVisible(Lead, auth, id, 'lead', true);
      this.access.assertCanEdit(auth, lead.ownerId);
      if (lead.convertedAt !== null && lead.linkCustomerId !== null) {
        const company = await db.byId(Company, lead.linkCustomerId);
        const name = company?.name ?? '';
        return {
          created: 0,
          linked: 0,
          customer: name,
          customerId: lead.linkCustomerId,
          oppId: lead.oppId,
          taskId: lead.taskId,
          message: `Already converted to ${name || rid('C', lead.linkCustomerId)}${lead.oppId ? ` (opportunity ${rid('O', lead.oppId)})` : ''}; nothing changed.`,
          lead,
        };
      }
      const fair = lead.fairId !== null ? await db.byId(Fair, lead.fairId) : null;

      // 1. the company
      const { company, companyCreated } = await this.company(auth, lead, input, fair);

      // 2. the people, by index
      const list = leadPeople(lead);
      const choices = personChoices(input.people, list.length);
      const cids: (number | null)[] = [];
      let created = 0;
      let linked = 0;
      let needMain = !(await db.exists(Person, { customerId: company.id, isMain: true, active: true }));
      for (const [i, person] of list.entries()) {
        const choice = choices[i]!;
        const field = `people.${i}`;
        if (choice === 'skip' || (choice === 'new' && !person.name.trim() && input.people?.[String(i)] === undefined)) {
          cids.push(null);
          continue;
        }
        if (choice === 'new') {
          const made = await this.newPerson(auth, company, person, needMain);
          if (made.created) {
            created++;
            if (needMain) needMain = false;
          } else linked++;
          cids.push(made.id);
          continue;
        }
        const p = await this.refs.person(auth, choice.id, field);
        if (p.customerId !== company.id) throw invalid(field, `contact ${p.id} is not a contact of ${company.name}`);
        cids.push(p.id);
        linked++;
      }

      // 3. the opportunity
      const oppMode = input.opp_mode ?? 'new';
      let oppId: number | null = null;
      let oppCreated = false;
      if (oppMode === 'existing') {
        const o = await this.refs.opportunity(auth, input.opp_id!, 'opp_id');
        if (o.customerId !== company.id) throw invalid('opp_id', `opportunity ${o.id} belongs to another company than ${company.name}`);
        if (!o.isOpen) throw invalid('opp_id', `opportunity ${o.id} is closed (${o.stage}); link an open one or create a new one`);
        oppId = o.id;
      } else if (oppMode === 'new') {
        const made = await this.opportunities.create(auth, {
          name: cut([company.name, lead.products || fair?.name].filter(Boolean).join(' – '), 200),
          customer_id: company.id,
          ...(lead.potentialKg !== null ? { potential_kg: lead.potentialKg } : {}),
          ...(lead.unit ? { unit: lead.unit } : {}),
          ...(lead.oppType && c.opp_types.includes(lead.oppType) ? { type: lead.oppType } : {}),
          source: cut(fair ? `Fair: ${fair.name}` : 'Fair lead', 100),
          line: lead.line,
          note: [lead.projectNote, lead.note].filter(Boolean).join('\n\n'),
          next_step: cut(lead.nextAction, 300),
        });
        oppId = made.opp.id;
        oppCreated = true;
      }

      // 4. the fair visit
      const makeVisit = input.make_visit ?? true;
      if (makeVisit) {
        const linkedIds = cids.filter((x): x is number => x !== null);
        const atCompany = linkedIds.length
          ? (await db.find(Person, { select: { workspaceId: true, id: true, customerId: true }, where: { id: In(linkedIds) } })).filter((p) => p.customerId === company.id).map((p) => p.id)
          : [];
        await this.activities.create(auth, {
          type: this.refs.oneOf(auth, 'visit_types', c.lead_visit_type, 'lead_visit_type'),
          topic: cut(fair ? `Fair: ${fair.name}` : 'Fair lead', 200),
          date: dateIn(lead.createdAt, ws.timezone),
          customer_id: company.id,
          person_ids: [...new Set(atCompany)],
          opp_id: oppId,
          note: lead.note,
          next_action: cut(lead.nextAction, 200),
          next_date: lead.nextDate,
        });
      }

      // 5. the follow-up: the next action planned at the fair becomes the caller's task on the company
      const contactId = cids.find((x) => x !== null) ?? null;
      let taskId: number | null = null;
      if ((input.make_task ?? true) && lead.nextAction.trim()) {
        const task = await this.tasks.create(auth, {
          title: cut(`${lead.nextAction.trim()}: ${company.name}`, 300),
          description: [fair ? `Fair: ${fair.name}` : 'Fair lead', lead.note].filter(Boolean).join('\n\n'),
          due_date: lead.nextDate,
          customer_id: company.id,
          person_id: contactId,
          opp_id: oppId,
        });
        taskId = task.task.id;
      }

      // 6. the lead
      const primaryCount = lead.contactName.trim() ? 1 : 0;
      lead.contactCid = primaryCount ? (cids[0] ?? null) : null;
      lead.people = lead.people.map((p: LeadPerson, i) => ({ ...p, cid: cids[i + primaryCount] ?? null }));
      lead.linkContactId = contactId;
      lead.taskId = taskId;
      lead.linkCustomerId = company.id;
      lead.customerId = company.id;
      lead.oppId = oppId;
      lead.status = c.lead_status_converted;
      lead.convertedAt = new Date();
      const saved = await db.save(Lead, lead);

      const parts = [
        `${companyCreated ? 'New company' : 'Linked to'} ${company.name} (${rid('C', company.id)})`,
        `${created} contact${created === 1 ? '' : 's'} created, ${linked} linked`,
        oppId === null ? 'no opportunity' : `opportunity ${rid('O', oppId)} ${oppCreated ? 'created' : 'linked'}`,
        makeVisit ? 'fair visit logged' : '',
        taskId !== null ? `follow-up task ${taskId} created` : '',
      ].filter(Boolean);
      const won = oppId !== null ? ` The lead becomes ${c.lead_status_won} when the opportunity is won.` : '';
      return { created, linked, customer: company.name, customerId: company.id, oppId, taskId, message: `${parts.join('; ')}.${won}`, lead: saved };
    });
    const { lead, ...rest } = result;
    return { ...rest, one: { lead, views: await this.leads.views(auth, [lead]) } };
  }

  /**
   * mode existing: the company given. mode new: a new company (400 naming `mode` when one of that name
   * exists). No mode: the lead's registered company, else a company whose normalized name matches (the
   * companies' duplicate rule), else a new one.
   */
  private async company(auth: UserContext, lead: Lead, input: ConvertInput, fair: Fair | null): Promise<{ company: Company; companyCreated: boolean }> {
    const db = this.uow.tenant(auth);
    if (input.mode === 'existing') return { company: await this.refs.company(auth, input.customer_id!, 'customer_id'), companyCreated: false };
    if (input.mode === undefined) {
      if (lead.customerId !== null) {
        const registered = await db.byId(Company, lead.customerId);
        if (registered && this.access.canSee(await this.access.visibleOwnerIds(auth), registered.ownerId)) return { company: registered, companyCreated: false };
      }
      const matches = await db.find(Company, { where: { nameNorm: normalizeName(lead.company) }, order: { active: 'DESC', id: 'ASC' } });
      const visible = await this.access.visibleOwnerIds(auth);
      const match = matches.find((m) => this.access.canSee(visible, m.ownerId));
      if (match) return { company: match, companyCreated: false };
    }
    try {
      const one = await this.companies.create(auth, {
        name: lead.company,
        city: lead.city,
        sector: lead.sector,
        phone: lead.phone,
        website: lead.website,
        source: cut(fair ? `Fair: ${fair.name}` : 'Fair lead', 100),
        potential_kg: lead.potentialKg,
        ...(lead.unit ? { unit: lead.unit } : {}),
        note: lead.note,
      });
      return { company: one.company, companyCreated: true };
    } catch (e) {
      if (e instanceof DuplicateError) {
        // named only when the caller sees it (the create's duplicate answer carries `existing` then)
        const existing = e.extra.existing as { id: number; name: string } | undefined;
        if (!existing) throw invalid('mode', 'a company of this name already exists that you cannot see; ask an admin or its owner');
        throw invalid('mode', `a company of this name already exists: ${existing.name} (${rid('C', existing.id)}); convert with mode existing and its customer_id`, { existing });
      }
      throw e;
    }
  }

  /** A new contact at the company; one that already exists (same name there, or same e-mail) is linked instead. */
  private async newPerson(auth: UserContext, company: Company, p: LeadPerson, makeMain: boolean): Promise<{ id: number; created: boolean }> {
    try {
      const one = await this.people.create(
        auth,
        { name: p.name, title: p.title, email: p.email, phone: p.phone, customer_id: company.id, is_main: makeMain },
        { origin: 'lead' },
      );
      return { id: one.person.id, created: true };
    } catch (e) {
      if (e instanceof DuplicateError) return { id: e.record.id, created: false };
      if (e instanceof DomainError && e.code === 'invalid' && e.extra.field === 'name') throw invalid('people', `a person of the lead has no name`);
      throw e;
    }
  }
}

/** Combinations the body cannot have (400 naming the field). */
function checkShape(i: ConvertInput): void {
  if (i.mode === 'existing' && i.customer_id === undefined) throw invalid('customer_id', 'is required with mode existing');
  if (i.mode !== 'existing' && i.customer_id !== undefined) throw invalid('customer_id', 'only with mode existing');
  if (i.opp_mode === 'existing' && i.opp_id === undefined) throw invalid('opp_id', 'is required with opp_mode existing');
  if (i.opp_mode !== 'existing' && i.opp_id !== undefined) throw invalid('opp_id', 'only with opp_mode existing');
}

const cut = (s: string, max: number): string => (s.length > max ? s.slice(0, max) : s);
