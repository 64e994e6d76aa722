import { callerLang, labelOf, type LabelLang } from '../../workspace/labels';
import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { DomainError, invalid } from '../../../platform/common/errors';
import { dateIn } from '../../../platform/common/time';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { UserContext } from '../../identity/auth-context';
import { ActivitiesService } from '../activities';
import { CompaniesService } from '../companies';
import { Company } from '../companies/company.entity';
import { OpportunitiesService } from '../opportunities';
import { Person } from '../people/person.entity';
import { PeopleService } from '../people';
import { AccessService } from '../shared/access.service';
import { DuplicateError } from '../shared/duplicate';
import { TasksService } from '../tasks';
import { rid } from '../shared/record-keys';
import { normalizeName } from '../shared/duplicate';
import { RefsService } from '../shared/refs.service';
import { Fair } from './fair.entity';
import { Lead, LeadPerson } from './lead.entity';
import { leadPeople, personChoices } from './leads.rules';
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
    const { lead, ...rest } = await this.uow.run(async () => {
      const lead = await this.access.findVisible(Lead, auth, id, 'lead', true);
      this.access.assertCanEdit(auth, lead.ownerId);
      if (lead.convertedAt !== null && lead.linkCustomerId !== null) return this.alreadyConverted(auth, lead, lead.linkCustomerId);
      const fair = lead.fairId !== null ? await this.uow.tenant(auth.workspace.id).byId(Fair, lead.fairId) : null;
      const from: Source = { lead, fair };
      const { company, companyCreated } = await this.company(auth, lead, input, fair);
      const people = await this.contacts(auth, from, input, company);
      const opp = await this.opportunity(auth, from, input, company);
      const makeVisit = input.make_visit ?? true;
      const contactId = people.cids.find((x) => x !== null) ?? null;
      const task = (input.make_task ?? true) && lead.nextAction.trim() ? await this.followUp(auth, from, company, contactId, opp.oppId) : null;
      const taskId = task?.id ?? null;
      // the visit keeps the conversion's task as its follow-up (or none when make_task is false): one task, not two
      if (makeVisit) await this.visit(auth, from, company, people.cids, opp.oppId, taskId);
      const saved = await this.markConverted(auth, lead, { cids: people.cids, contactId, taskId, customerId: company.id, oppId: opp.oppId });
      const parts = [
        `${companyCreated ? 'New company' : 'Linked to'} ${company.name} (${rid('C', company.id)})`,
        `${people.created} contact${people.created === 1 ? '' : 's'} created, ${people.linked} linked`,
        opp.oppId === null ? 'no opportunity' : `opportunity ${rid('O', opp.oppId)} ${opp.oppCreated ? 'created' : 'linked'}`,
        makeVisit ? 'fair visit logged' : '',
        task ? `follow-up task "${task.title}" created` : '',
      ].filter(Boolean);
      const won = opp.oppId !== null ? ` The lead becomes ${auth.workspace.constants.lead_status_won} when the opportunity is won.` : '';
      const message = `${parts.join('; ')}.${won}`;
      return { created: people.created, linked: people.linked, customer: company.name, customerId: company.id, oppId: opp.oppId, taskId, message, lead: saved };
    });
    return { ...rest, one: { lead, views: await this.leads.views(auth, [lead]) } };
  }

  /** A lead converted before: its existing links, nothing changed (a retry or a stale body). */
  private async alreadyConverted(auth: UserContext, lead: Lead, customerId: number): Promise<Omit<ConvertResult, 'one'> & { lead: Lead }> {
    const name = (await this.uow.tenant(auth.workspace.id).byId(Company, customerId))?.name ?? '';
    const opp = lead.oppId ? ` (opportunity ${rid('O', lead.oppId)})` : '';
    const message = `Already converted to ${name || rid('C', customerId)}${opp}; nothing changed.`;
    return { created: 0, linked: 0, customer: name, customerId, oppId: lead.oppId, taskId: lead.taskId, message, lead };
  }

  /** The lead's people, by index: created as new contacts, linked to existing ones, or skipped. */
  private async contacts(auth: UserContext, { lead }: Source, input: ConvertInput, company: Company): Promise<{ cids: (number | null)[]; created: number; linked: number }> {
    const list = leadPeople(lead);
    const choices = personChoices(input.people, list.length);
    const cids: (number | null)[] = [];
    let created = 0;
    let linked = 0;
    let needMain = !(await this.uow.tenant(auth.workspace.id).exists(Person, { customerId: company.id, isMain: true, active: true }));
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
    return { cids, created, linked };
  }

  /** opp_mode existing: an open opportunity of the company; new (the default): one made of the lead; none. */
  private async opportunity(auth: UserContext, { lead, fair }: Source, input: ConvertInput, company: Company): Promise<{ oppId: number | null; oppCreated: boolean }> {
    const oppMode = input.opp_mode ?? 'new';
    if (oppMode === 'existing') {
      const o = await this.refs.opportunity(auth, input.opp_id!, 'opp_id');
      if (o.customerId !== company.id) throw invalid('opp_id', `opportunity ${o.id} belongs to another company than ${company.name}`);
      if (!o.isOpen) throw invalid('opp_id', `opportunity ${o.id} is closed (${o.stage}); link an open one or create a new one`);
      return { oppId: o.id, oppCreated: false };
    }
    if (oppMode !== 'new') return { oppId: null, oppCreated: false };
    const c = auth.workspace.constants;
    // the command answers the row it made: the conversion needs its id, not the record REST shows
    const made = await this.opportunities.create(auth, {
      name: cut([company.name, lead.products || fair?.name].filter(Boolean).join(' – '), 200),
      customer_id: company.id,
      ...(lead.potentialKg !== null ? { potential_kg: lead.potentialKg } : {}),
      ...(lead.unit ? { unit: lead.unit } : {}),
      ...(lead.oppType && c.opp_types.includes(lead.oppType) ? { type: lead.oppType } : {}),
      source: cut(origin(fair, callerLang(auth)), 100),
      line: lead.line,
      note: [lead.projectNote, lead.note].filter(Boolean).join('\n\n'),
      next_step: cut(lead.nextAction, 300),
    });
    return { oppId: made.opp.id, oppCreated: true };
  }

  /** The fair visit, with the linked contacts that belong to the company. */
  private async visit(auth: UserContext, { lead, fair }: Source, company: Company, cids: (number | null)[], oppId: number | null, followUpTaskId: number | null): Promise<void> {
    const ws = auth.workspace;
    const linkedIds = cids.filter((x): x is number => x !== null);
    const atCompany = linkedIds.length
      ? (await this.uow.tenant(auth.workspace.id).find(Person, { select: { workspaceId: true, id: true, customerId: true }, where: { id: In(linkedIds) } })).filter((p) => p.customerId === company.id).map((p) => p.id)
      : [];
    await this.activities.create(auth, {
      type: this.refs.oneOf(auth, 'visit_types', ws.constants.lead_visit_type, 'lead_visit_type'),
      topic: cut(origin(fair, callerLang(auth)), 200),
      date: dateIn(lead.createdAt, ws.timezone),
      customer_id: company.id,
      person_ids: [...new Set(atCompany)],
      opp_id: oppId,
      note: lead.note,
      next_action: cut(lead.nextAction, 200),
      next_date: lead.nextDate,
    }, { followUpTaskId });
  }

  /** The follow-up: the next action planned at the fair becomes the caller's task on the company. */
  private async followUp(auth: UserContext, { lead, fair }: Source, company: Company, contactId: number | null, oppId: number | null): Promise<{ id: number; title: string }> {
    const lang = callerLang(auth);
    const task = await this.tasks.create(auth, {
      // written in the converting person's language (the action's label; the key stays on the lead)
      title: cut(`${labelOf(auth.workspace.constants, lang, 'lead_next_actions', lead.nextAction.trim())}: ${company.name}`, 300),
      description: [origin(fair, lang), lead.note].filter(Boolean).join('\n\n'),
      due_date: lead.nextDate,
      customer_id: company.id,
      person_id: contactId,
      opp_id: oppId,
    });
    return { id: task.task.id, title: task.task.title };
  }

  /** The lead takes its links (contacts by index, company, opportunity, task) and the converted status. */
  private markConverted(auth: UserContext, lead: Lead, links: { cids: (number | null)[]; contactId: number | null; taskId: number | null; customerId: number; oppId: number | null }): Promise<Lead> {
    const primaryCount = lead.contactName.trim() ? 1 : 0;
    lead.contactCid = primaryCount ? (links.cids[0] ?? null) : null;
    lead.people = lead.people.map((p: LeadPerson, i) => ({ ...p, cid: links.cids[i + primaryCount] ?? null }));
    lead.linkContactId = links.contactId;
    lead.taskId = links.taskId;
    lead.linkCustomerId = links.customerId;
    lead.customerId = links.customerId;
    lead.oppId = links.oppId;
    lead.status = auth.workspace.constants.lead_status_converted;
    lead.convertedAt = new Date();
    return this.uow.tenant(auth.workspace.id).save(Lead, lead);
  }

  /**
   * mode existing: the company given. mode new: a new company (400 naming `mode` when one of that name
   * exists). No mode: the lead's registered company, else a company whose normalized name matches (the
   * companies' duplicate rule), else a new one.
   */
  private async company(auth: UserContext, lead: Lead, input: ConvertInput, fair: Fair | null): Promise<{ company: Company; companyCreated: boolean }> {
    const db = this.uow.tenant(auth.workspace.id);
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
        source: cut(origin(fair, callerLang(auth)), 100),
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

/** The lead being converted and its fair. */
interface Source {
  lead: Lead;
  fair: Fair | null;
}

/** Where the lead comes from, as the company, opportunity, visit and task made of it say. */
/** The converting person's language: what the conversion writes on their behalf is written in it. */

/** Where the lead came from, in the converting person's language. */
const origin = (fair: Fair | null, lang: LabelLang): string => (lang === 'tr' ? (fair ? `Fuar: ${fair.name}` : 'Fuar adayı') : fair ? `Fair: ${fair.name}` : 'Fair lead');

/** Combinations the body cannot have (400 naming the field). */
function checkShape(i: ConvertInput): void {
  if (i.mode === 'existing' && i.customer_id === undefined) throw invalid('customer_id', 'is required with mode existing');
  if (i.mode !== 'existing' && i.customer_id !== undefined) throw invalid('customer_id', 'only with mode existing');
  if (i.opp_mode === 'existing' && i.opp_id === undefined) throw invalid('opp_id', 'is required with opp_mode existing');
  if (i.opp_mode !== 'existing' && i.opp_id !== undefined) throw invalid('opp_id', 'only with opp_mode existing');
}

const cut = (s: string, max: number): string => (s.length > max ? s.slice(0, max) : s);
