import { Injectable } from '@nestjs/common';
import { Brackets, In } from 'typeorm';
import { invalid } from '../../../platform/common/errors';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { UserContext } from '../../identity/auth-context';
import { User } from '../../identity/user.entity';
import { UsersService } from '../../identity/users.service';
import { Company } from '../companies/company.entity';
import { Opportunity } from '../opportunities/opportunity.entity';
import { roleOf } from '../opportunities';
import { assertExternalIdFree, externalIdOf } from '../shared/external-id';
import { AccessService } from '../shared/access.service';
import { recordPath } from '../shared/record-keys';
import { Page, paginate, PageQuery } from '../shared/paging';
import { RecordOpensService } from '../record-opens';
import { RefsService } from '../shared/refs.service';
import { searchPattern } from '../shared/search';
import { FairsService } from './fairs.service';
import { Lead, LeadPerson } from './lead.entity';
import type { LeadFilters, LeadInput } from './lead.view';
import type { z } from 'zod';

/** The lead form (spec 2.5 field names): the declared fields (`LeadChangeFields`, lead.view.ts). PATCH: null clears. */
export type LeadFormInput = Omit<LeadInput, 'status' | 'owner_id' | 'external_id'>;

export type LeadListQuery = PageQuery & z.output<typeof LeadFilters>;

/** Batch data for a set of leads (one query each): owners, fair and company names, won opportunities. */
export interface LeadViews {
  owners: Map<number, User>;
  fairs: Map<number, string>;
  companies: Map<number, string>;
  /** Opportunity ids (of these leads) that are in the won stage. */
  wonOpps: Set<number>;
  editable: Set<number>;
}

export interface LeadPage extends Page<Lead> {
  views: LeadViews;
}

export interface LeadOne {
  lead: Lead;
  views: LeadViews;
}

/** Text fields of the form: input name → column; `note`-like ones keep their whitespace. */
const TEXT_FIELDS = [
  ['contact_name', 'contactName'],
  ['title', 'title'],
  ['phone', 'phone'],
  ['wa', 'wa'],
  ['website', 'website'],
  ['city', 'city'],
  ['sector', 'sector'],
  ['supplier', 'supplier'],
  ['line', 'line'],
  ['products', 'products'],
] as const satisfies readonly (readonly [keyof LeadFormInput, keyof Lead])[];
const LONG_TEXT = [
  ['note', 'note'],
  ['project_note', 'projectNote'],
  ['products_text', 'productsText'],
] as const satisfies readonly (readonly [keyof LeadFormInput, keyof Lead])[];
/** Fields checked against a list of the workspace's constants ('' = none chosen). */
const LIST_FIELDS = [
  ['interest', 'interest', 'lead_interest'],
  ['next_action', 'nextAction', 'lead_next_actions'],
  ['timing', 'timing', 'lead_timings'],
  ['visitor_type', 'visitorType', 'lead_visitor_types'],
  ['opp_type', 'oppType', 'opp_types'],
] as const;

/** Every form field, cleared: what a PATCH with `company` sets for the fields it omits. */
const CLEARED_FORM: Required<Omit<LeadFormInput, 'company'>> = {
  contact_name: '',
  title: '',
  email: '',
  phone: '',
  wa: '',
  website: '',
  city: '',
  sector: '',
  supplier: '',
  fair_id: null,
  interest: '',
  line: '',
  next_action: '',
  next_date: null,
  note: '',
  project_note: '',
  products: '',
  products_text: '',
  timing: '',
  visitor_type: '',
  unit: '',
  potential_kg: null,
  opp_type: '',
  customer_id: null,
  people: [],
};

/**
 * Fair leads: create, list, read and change (spec 2.5, 4.3). Visibility and editing follow the owner
 * (AccessService); conversion is LeadConvertService.
 */
@Injectable()
export class LeadsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly access: AccessService,
    private readonly refs: RefsService,
    private readonly users: UsersService,
    private readonly opens: RecordOpensService,
    private readonly fairs: FairsService,
  ) {}

  async list(auth: UserContext, q: LeadListQuery): Promise<LeadPage> {
    const visible = await this.access.visibleOwnerIds(auth);
    const qb = this.uow.tenant(auth.workspace.id).qb(Lead, 'l');
    if (visible) qb.andWhere('l.owner_id IN (:...visible)', { visible });
    if (q.fair_id !== undefined) qb.andWhere('l.fair_id = :fairId', { fairId: q.fair_id });
    if (q.status !== undefined) qb.andWhere('l.status = :status', { status: q.status });
    if (q.owner_id !== undefined) qb.andWhere('l.owner_id = :ownerId', { ownerId: q.owner_id });
    if (q.external_id !== undefined) qb.andWhere('l.external_id = :externalId', { externalId: q.external_id.trim() });
    if (q.q?.trim()) {
      const pattern = searchPattern(q.q.trim());
      qb.andWhere(
        new Brackets((w) => {
          w.where(`l.company ILIKE :q ESCAPE '\\'`, { q: pattern })
            .orWhere(`l.contact_name ILIKE :q ESCAPE '\\'`)
            .orWhere(`l.email ILIKE :q ESCAPE '\\'`);
        }),
      );
    }
    // the unfiltered list walks the key's index (applyPageWalked): O(page) without statistics too
    const unfiltered = !visible && q.fair_id === undefined && q.status === undefined && q.owner_id === undefined && q.external_id === undefined;
    const page = await paginate(qb, 'l', q, auth.workspace.timezone, unfiltered ? { table: 'leads', workspaceId: auth.workspace.id } : null, {
      table: 'leads',
      workspaceId: auth.workspace.id,
    });
    return { ...page, views: await this.views(auth, page.items) };
  }

  /** One visible lead; records the open for Today's `recent`. */
  async get(auth: UserContext, id: number): Promise<LeadOne> {
    return this.uow.run(async () => {
      const lead = await this.access.findVisible(Lead, auth, id, 'lead');
      await this.opens.touch(auth, 'lead', id);
      return { lead, views: await this.views(auth, [lead]) };
    });
  }

  async create(auth: UserContext, input: LeadInput & { company: string }, opts: { isSample?: boolean } = {}): Promise<LeadOne> {
    const ws = auth.workspace;
    const db = this.uow.tenant(ws.id);
    const lead = await this.uow.run(async () => {
      const values = await this.columns(auth, input);
      const status = input.status !== undefined ? this.refs.oneOf(auth, 'lead_statuses', input.status, 'status') : ws.constants.lead_status_new;
      const ownerId = (await this.refs.owner(auth, input.owner_id, auth.user.id)).id;
      const externalId = externalIdOf(input.external_id) ?? null;
      await assertExternalIdFree(db, Lead, 'lead', externalId, null);
      const saved = await db.save(
        Lead,
        db.create(Lead, { ...values, externalId, company: requiredCompany(input.company), status, ownerId, people: values.people ?? [], isSample: opts.isSample ?? false }),
      );
      this.uow.recordEvent({
        workspaceId: ws.id,
        event: 'lead_created',
        title: `New lead: ${saved.company}`,
        text: [saved.company, saved.contactName, saved.interest && `interest ${saved.interest}`].filter(Boolean).join(' · ') + ` (added by ${auth.user.fullName})`,
        url: recordPath('lead', saved.id),
        data: { id: saved.id, company: saved.company, contact: saved.contactName, email: saved.email, interest: saved.interest },
        recordType: 'lead',
        recordId: saved.id,
        sample: saved.isSample,
      });
      return saved;
    });
    return { lead, views: await this.views(auth, [lead]) };
  }

  /**
   * Spec 4.3: `status` must be one of lead_statuses (400 otherwise, nothing stored). With `company` in the
   * body every form field is rewritten and the omitted ones are cleared (a converted lead keeps its
   * people, which are linked to contacts); without it only the fields sent change.
   */
  async update(auth: UserContext, id: number, input: LeadInput): Promise<LeadOne> {
    const db = this.uow.tenant(auth.workspace.id);
    const lead = await this.uow.run(async () => {
      const current = await this.access.findVisible(Lead, auth, id, 'lead', true);
      this.access.assertCanEdit(auth, current.ownerId);
      const converted = current.convertedAt !== null;
      if (converted && input.people !== undefined) throw invalid('people', 'the lead is converted: its people are linked to contacts and no longer change');
      let form: LeadInput = input;
      if (input.company !== undefined) {
        const { people: _people, ...clearedWithoutPeople } = CLEARED_FORM;
        // the body may carry its omitted fields as undefined properties (DTO class fields): they do not count
        const sent = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as LeadInput;
        form = { ...(converted ? clearedWithoutPeople : CLEARED_FORM), ...sent };
      }
      const patch: Partial<Lead> = await this.columns(auth, form);
      if (form.company !== undefined) patch.company = requiredCompany(form.company);
      if (input.status !== undefined) patch.status = this.refs.oneOf(auth, 'lead_statuses', input.status, 'status');
      if (input.owner_id !== undefined) patch.ownerId = (await this.refs.owner(auth, input.owner_id, current.ownerId)).id;
      if (input.external_id !== undefined) {
        patch.externalId = externalIdOf(input.external_id) ?? null;
        await assertExternalIdFree(db, Lead, 'lead', patch.externalId, id);
      }
      if (Object.keys(patch).length) {
        Object.assign(current, patch);
        await db.save(Lead, current);
      }
      return (await db.byId(Lead, id))!;
    });
    return { lead, views: await this.views(auth, [lead]) };
  }

  /** Owners, fair and company names and won opportunities of a set of leads: one query each. */
  async views(auth: UserContext, leads: Lead[]): Promise<LeadViews> {
    const ws = auth.workspace;
    const db = this.uow.tenant(ws.id);
    const owners = await this.users.byIds(ws.id, leads.map((l) => l.ownerId));
    const fairs = await this.fairs.names(auth, leads.map((l) => l.fairId));
    const companyIds = [...new Set(leads.map((l) => l.linkCustomerId).filter((x): x is number => x !== null))];
    const companies = new Map(
      companyIds.length ? (await db.find(Company, { select: { workspaceId: true, id: true, name: true }, where: { id: In(companyIds) } })).map((c) => [c.id, c.name]) : [],
    );
    const oppIds = [...new Set(leads.map((l) => l.oppId).filter((x): x is number => x !== null))];
    const wonOpps = new Set<number>();
    if (oppIds.length) {
      const opps = await db.find(Opportunity, { select: { workspaceId: true, id: true, stage: true }, where: { id: In(oppIds) } });
      for (const o of opps) if (roleOf(ws.constants, o.stage) === 'won') wonOpps.add(o.id);
    }
    const editable = new Set(leads.filter((l) => this.access.canEdit(auth, l.ownerId)).map((l) => l.id));
    return { owners, fairs, companies, wonOpps, editable };
  }

  /** Columns of the form fields present in `input`, each checked against the workspace. */
  private async columns(auth: UserContext, input: LeadFormInput): Promise<Partial<Lead>> {
    const ws = auth.workspace;
    const out: Partial<Record<keyof Lead, unknown>> = {};
    for (const [key, prop] of TEXT_FIELDS) {
      const v = input[key];
      if (typeof v === 'string') out[prop] = v.trim();
    }
    for (const [key, prop] of LONG_TEXT) if (typeof input[key] === 'string') out[prop] = input[key];
    if (input.email !== undefined) out.email = input.email.trim().toLowerCase();
    for (const [key, prop, list] of LIST_FIELDS) {
      const v = input[key];
      if (typeof v === 'string') out[prop] = v === '' ? '' : this.refs.oneOf(auth, list, v, key);
    }
    if (input.unit !== undefined) {
      const unit = input.unit.trim();
      if (unit && !ws.app.units.includes(unit)) throw invalid('unit', `must be one of ${ws.app.units.join(', ')}`);
      out.unit = unit;
    }
    if (input.potential_kg !== undefined) out.potentialKg = input.potential_kg;
    if (input.next_date !== undefined) out.nextDate = input.next_date;
    if (input.fair_id !== undefined) out.fairId = input.fair_id === null ? null : (await this.fairs.ref(auth, input.fair_id)).id;
    if (input.customer_id !== undefined) out.customerId = input.customer_id === null ? null : (await this.refs.company(auth, input.customer_id)).id;
    if (input.people !== undefined) {
      out.people = (input.people ?? []).map(
        (p, i): LeadPerson => {
          const name = (p.name ?? '').trim();
          if (!name) throw invalid(`people.${i}.name`, 'must not be empty');
          return { name, title: (p.title ?? '').trim(), email: (p.email ?? '').trim().toLowerCase(), phone: (p.phone ?? '').trim(), cid: null };
        },
      );
    }
    return out as Partial<Lead>;
  }
}

function requiredCompany(name: string): string {
  const n = name.trim();
  if (!n) throw invalid('company', 'must not be empty');
  return n;
}
