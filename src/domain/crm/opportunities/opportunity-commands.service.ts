import { Injectable } from '@nestjs/common';
import { DomainError, forbidden, invalid, notFound } from '../../../platform/common/errors';
import { storedAsIs } from '../../../platform/common/record-input';
import { isIsoDate, todayIn } from '../../../platform/common/time';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { UserContext } from '../../identity/auth-context';
import { User } from '../../identity/user.entity';
import { Company } from '../companies/company.entity';
import { Lead } from '../leads/lead.entity';
import { AccessService } from '../shared/access.service';
import { assertExternalIdFree, externalIdOf } from '../shared/external-id';
import { rid } from '../shared/record-keys';
import { RefsService } from '../shared/refs.service';
import { Note } from './note.entity';
import { appendHistory, reportedChanged, reportedState } from './opp-history';
import { OppLog } from './opp-log.entity';
import { applyToggle, bantFlags, ensureSteps, syncBantSteps } from './opportunity-checklist';
import { oppCreatedEvent, oppLostEvent, oppRevivedEvent, oppStageEvent, oppWonEvent } from './opportunity-events';
import { Opportunity } from './opportunity.entity';
import { OpportunityFields, type OppChange, type OppInput, type StageMoveInput } from './opportunity.types';
import { defaultCloseCategory, defaultCloseDate, isLostOrCancelled, isOpenStage, moveProblems, roleOf } from './opportunities.rules';
import { Step } from './step.entity';

/** The declared fields `apply` checks or turns itself; every other is stored as it came (`storedAsIs`). */
const TREATED = [
  'name', 'customer_id', 'currency', 'unit', 'product_id', 'start_date', 'close_date', 'type', 'fc', 'tags', 'health_manual', 'health_grade', 'health_label', 'health_note', 'owner_id', 'external_id', 'stage',
] as const;

/**
 * Changes to opportunities: create, update, stage moves, revive, notes and step toggles. Each runs in
 * one unit of work and answers what it changed (the saved row, and its company when it had it at hand),
 * never a record read: an interface that answers the full record asks OpportunityQueries.detail for it.
 */
@Injectable()
export class OpportunityCommands {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly access: AccessService,
    private readonly refs: RefsService,
  ) {}

  async create(auth: UserContext, input: OppInput): Promise<OppChange> {
    const ws = auth.workspace;
    const c = ws.constants;
    if (!input.name?.trim()) throw invalid('name', 'is required');
    if (input.customer_id === undefined) throw invalid('customer_id', 'is required');
    const db = this.uow.tenant(ws.id);
    const { opp, customer } = await this.uow.run(async () => {
      const customer = await this.refs.company(auth, input.customer_id!);
      const first = c.open_stages[0];
      const stage = input.stage ?? first;
      if (!isOpenStage(c, stage)) throw invalid('stage', `a new opportunity starts in an open stage: ${c.open_stages.join(', ')}`);
      const today = todayIn(ws.timezone);
      const draft = db.create(Opportunity, {
        name: input.name!.trim(),
        customerId: customer.id,
        ownerId: auth.user.id,
        stage: first,
        isOpen: true,
        stageChangedAt: new Date(),
        value: 0,
        currency: customer.currency || ws.app.currency_base,
        potentialKg: 0,
        unit: ws.app.unit_default,
        startDate: today,
        tags: [],
        isSample: false,
        lastActivityAt: new Date(),
      });
      await this.apply(auth, draft, input);
      if (!draft.closeDate) draft.closeDate = defaultCloseDate(draft.startDate, c.sales_cycle_days);
      if (stage !== draft.stage) {
        const problems = c.stage_rules ? moveProblems(c, draft, draft.stage, stage, today) : [];
        if (problems.length) throw gateError(stage, problems);
        draft.stage = stage;
      }
      const saved = await db.save(Opportunity, draft);
      await db.insert(OppLog, { oppId: saved.id, fromStage: null, toStage: saved.stage, note: '', userId: auth.user.id });
      await appendHistory(db, ws, saved, 'created', auth.user.id);
      await ensureSteps(db, c, saved, first);
      if (saved.stage !== first) await ensureSteps(db, c, saved, saved.stage);
      this.uow.recordEvent(oppCreatedEvent({ ws, opp: saved, customer, owner: await this.ownerOf(saved) }));
      return { opp: saved, customer };
    });
    return { opp, customer: opp.customerId === customer.id ? customer : undefined };
  }

  async update(auth: UserContext, id: number, input: OppInput): Promise<OppChange> {
    if (input.stage !== undefined) {
      throw invalid('stage', `PATCH does not move an opportunity; use POST /api/v1/opportunities/${id}/stage (gates, loss reason, log and events)`);
    }
    const db = this.uow.tenant(auth.workspace.id);
    const opp = await this.uow.run(async () => {
      const o = await this.access.findVisible(Opportunity, auth, id, 'opportunity', true);
      this.access.assertCanEdit(auth, o.ownerId);
      const before = bantFlags(o);
      const reported = reportedState(auth.workspace, o);
      await this.apply(auth, o, input);
      o.lastActivityAt = new Date();
      const saved = await db.save(Opportunity, o);
      await syncBantSteps(db, saved, before);
      if (reportedChanged(reported, reportedState(auth.workspace, saved))) await appendHistory(db, auth.workspace, saved, 'update', auth.user.id);
      return saved;
    });
    return { opp };
  }

  async moveStage(auth: UserContext, id: number, input: StageMoveInput): Promise<OppChange> {
    const ws = auth.workspace;
    const c = ws.constants;
    const db = this.uow.tenant(ws.id);
    return this.uow.run(async () => {
      const o = await this.checkMove(auth, id, input, true);
      const from = o.stage;
      const to = input.stage;
      const closing = !isOpenStage(c, to);
      const role = roleOf(c, to);
      const now = new Date();
      o.stage = to;
      o.isOpen = !closing;
      o.stageChangedAt = now;
      o.lastActivityAt = now;
      if (closing) {
        o.closedAt = now;
        o.closeReason = input.close_reason ?? '';
        o.closeCategory = input.close_category ?? defaultCloseCategory(c, to);
      }
      const saved = await db.save(Opportunity, o);
      await db.insert(OppLog, { oppId: o.id, fromStage: from, toStage: to, note: input.note ?? '', userId: auth.user.id });
      await appendHistory(db, ws, saved, 'stage', auth.user.id, now);
      await ensureSteps(db, c, saved, to);
      const customer = await db.byId(Company, o.customerId);
      const facts = { ws, opp: saved, customer, owner: await this.ownerOf(saved) };
      this.uow.recordEvent(oppStageEvent(facts, from, to));
      if (role === 'won') {
        this.uow.recordEvent(oppWonEvent(facts));
        // fair leads converted into this opportunity are won too (constants.lead_status_won)
        await db.update(Lead, { oppId: o.id }, { status: c.lead_status_won });
      }
      if (role === 'lost') this.uow.recordEvent(oppLostEvent(facts));
      return { opp: saved, customer };
    });
  }

  /**
   * Whether the move would be allowed, without making it: the same visibility, edit right, stage, loss reason and
   * gate checks as moveStage (a refusal is its DomainError); a workflow's simulation asks it (docs/decisions/workflows.md).
   */
  async checkStageMove(auth: UserContext, id: number, input: StageMoveInput): Promise<void> {
    await this.checkMove(auth, id, input, false);
  }

  private async checkMove(auth: UserContext, id: number, input: StageMoveInput, lock: boolean): Promise<Opportunity> {
    const ws = auth.workspace;
    const c = ws.constants;
    const o = await this.access.findVisible(Opportunity, auth, id, 'opportunity', lock);
    this.access.assertCanEdit(auth, o.ownerId);
    const from = o.stage;
    const to = input.stage;
    if (!c.stages.includes(to)) throw invalid('stage', `must be one of ${c.stages.join(', ')}`);
    if (!o.isOpen) throw invalid('stage', `the opportunity is closed (${from}); revive it to work on it again`);
    if (to === from) throw invalid('stage', `the opportunity is already in ${from}`);
    if (isLostOrCancelled(c, to)) {
      if (!input.close_reason) throw invalid('close_reason', `is required for ${to}; one of ${c.loss_reasons.join(', ')}`);
      this.refs.oneOf(auth, 'loss_reasons', input.close_reason, 'close_reason');
    }
    const problems = c.stage_rules ? moveProblems(c, o, from, to, todayIn(ws.timezone)) : [];
    if (problems.length) throw gateError(to, problems);
    return o;
  }

  /** Spec 3.2: a new open opportunity from a lost or cancelled one. */
  async revive(auth: UserContext, id: number): Promise<OppChange> {
    const ws = auth.workspace;
    const c = ws.constants;
    const db = this.uow.tenant(ws.id);
    return this.uow.run(async () => {
      const old = await this.access.findVisible(Opportunity, auth, id, 'opportunity', true);
      if (!this.access.canEdit(auth, old.ownerId)) throw forbidden();
      if (!isLostOrCancelled(c, old.stage)) throw forbidden(`only lost or cancelled opportunities can be revived (this one is ${old.stage})`);
      if (old.revivedToId) throw forbidden(`already revived as opportunity ${old.revivedToId}`);
      const first = c.open_stages[0];
      const now = new Date();
      const today = todayIn(ws.timezone);
      const fresh = await db.save(
        Opportunity,
        db.create(Opportunity, {
          name: old.name,
          customerId: old.customerId,
          ownerId: old.ownerId,
          stage: first,
          isOpen: true,
          stageChangedAt: now,
          value: 0,
          currency: old.currency,
          potentialKg: old.potentialKg,
          unit: old.unit,
          productId: old.productId,
          line: old.line,
          type: old.type,
          source: old.source,
          startDate: today,
          closeDate: defaultCloseDate(today, c.sales_cycle_days),
          tags: [...old.tags],
          revivedFromId: old.id,
          isSample: old.isSample,
          lastActivityAt: now,
        }),
      );
      await db.update(Opportunity, { id: old.id }, { revivedToId: fresh.id });
      await db.insert(OppLog, { oppId: fresh.id, fromStage: null, toStage: first, note: `revived from ${rid('O', old.id)}`, userId: auth.user.id });
      await appendHistory(db, ws, fresh, 'revived', auth.user.id, now);
      await ensureSteps(db, c, fresh, first);
      const customer = await db.byId(Company, fresh.customerId);
      this.uow.recordEvent(oppRevivedEvent({ ws, opp: fresh, customer, owner: await this.ownerOf(fresh) }));
      return { opp: fresh, customer };
    });
  }

  /** Spec 3.3: flip (or set) a step; BANT steps set the opportunity's BANT flag. */
  async toggleStep(auth: UserContext, stepId: number, input: { done?: boolean; note?: string }): Promise<OppChange & { step: Step }> {
    if (input.note !== undefined && input.note.length > 250) throw invalid('note', 'at most 250 characters');
    const ws = auth.workspace;
    const db = this.uow.tenant(ws.id);
    return this.uow.run(async () => {
      const s = await db.byId(Step, stepId, true);
      if (!s) throw notFound('step');
      const o = await this.access.findVisible(Opportunity, auth, s.oppId, 'opportunity', true).catch((e: unknown) => {
        throw e instanceof DomainError && e.code === 'not_found' ? notFound('step') : e;
      });
      this.access.assertCanEdit(auth, o.ownerId);
      applyToggle(s, o, input);
      await db.save(Step, s);
      o.lastActivityAt = new Date();
      return { opp: await db.save(Opportunity, o), step: s };
    });
  }

  async addNote(auth: UserContext, id: number, body: string): Promise<OppChange> {
    const db = this.uow.tenant(auth.workspace.id);
    const opp = await this.uow.run(async () => {
      const o = await this.access.findVisible(Opportunity, auth, id, 'opportunity', true);
      this.access.assertCanEdit(auth, o.ownerId);
      await db.insert(Note, { recordType: 'opportunity', recordId: o.id, body, userId: auth.user.id });
      o.lastActivityAt = new Date();
      return db.save(Opportunity, o);
    });
    return { opp };
  }

  /**
   * Applies a create/update body to an entity, checking every value against the workspace. A
   * `close_date` of null goes back to the default (start_date + constants.sales_cycle_days).
   */
  private async apply(auth: UserContext, o: Opportunity, i: OppInput): Promise<void> {
    const ws = auth.workspace;
    Object.assign(o, storedAsIs(Opportunity, i, TREATED, OpportunityFields));
    if (i.name !== undefined) {
      if (!i.name.trim()) throw invalid('name', 'must not be empty');
      o.name = i.name.trim();
    }
    if (i.customer_id !== undefined && i.customer_id !== o.customerId) o.customerId = (await this.refs.company(auth, i.customer_id)).id;
    if (i.currency !== undefined) {
      if (!ws.app.currencies.includes(i.currency)) throw invalid('currency', `must be one of ${ws.app.currencies.join(', ')}`);
      o.currency = i.currency;
    }
    if (i.unit !== undefined) {
      if (!ws.app.units.includes(i.unit)) throw invalid('unit', `must be one of ${ws.app.units.join(', ')}`);
      o.unit = i.unit;
    }
    if (i.product_id !== undefined) o.productId = i.product_id === null ? null : (await this.refs.product(auth, i.product_id)).id;
    if (i.start_date !== undefined) {
      if (!isIsoDate(i.start_date)) throw invalid('start_date', 'must be a date YYYY-MM-DD');
      o.startDate = i.start_date;
    }
    if (i.close_date !== undefined) {
      if (i.close_date !== null && !isIsoDate(i.close_date)) throw invalid('close_date', 'must be a date YYYY-MM-DD');
      o.closeDate = i.close_date ?? defaultCloseDate(o.startDate, ws.constants.sales_cycle_days);
    }
    if (i.type !== undefined) o.type = i.type === '' ? '' : this.refs.oneOf(auth, 'opp_types', i.type, 'type');
    if (i.fc !== undefined) o.fc = i.fc === null || i.fc === '' ? null : this.refs.oneOf(auth, 'forecast_cats', i.fc, 'fc');
    if (i.tags !== undefined) o.tags = [...new Set(i.tags.map((t) => t.trim()).filter(Boolean))];
    if (i.health_manual === false) {
      o.healthGrade = null;
      o.healthLabel = null;
      o.healthNote = i.health_note ?? '';
    } else if (i.health_manual === true || i.health_grade !== undefined) {
      if (!i.health_grade) throw invalid('health_grade', 'is required with health_manual (A, B, C or D)');
      o.healthGrade = i.health_grade;
      o.healthLabel = i.health_label ?? null;
      if (i.health_note !== undefined) o.healthNote = i.health_note;
    } else if (i.health_note !== undefined) {
      o.healthNote = i.health_note;
    }
    if (i.owner_id !== undefined) o.ownerId = (await this.refs.owner(auth, i.owner_id, o.ownerId)).id;
    if (i.external_id !== undefined) {
      o.externalId = externalIdOf(i.external_id) ?? null;
      await assertExternalIdFree(this.uow.tenant(ws.id), Opportunity, 'opportunity', o.externalId, o.id ?? null);
    }
  }

  private async ownerOf(o: Opportunity): Promise<User | null> {
    return this.uow.tenant(o.workspaceId).byId(User, o.ownerId);
  }
}

function gateError(stage: string, problems: string[]): DomainError {
  return new DomainError('invalid', `stage: the gate of ${stage} is not met: ${problems.join('; ')}`, { field: 'stage', gate_problems: problems });
}
