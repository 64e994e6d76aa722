import { Injectable } from '@nestjs/common';
import type { UserContext } from '../../identity/auth-context';
import { OpportunityCommands } from './opportunity-commands.service';
import { OpportunityQueries } from './opportunity-queries.service';
import type { OppBrief, OppChange, OppDetail, OppInput, OppListQuery, OppPage, StageMoveInput } from './opportunity.types';
import type { Step } from './step.entity';

export type { OppBrief, OppChange, OppComputed, OppDetail, OppInput, OppListQuery, OppPage, OppView, StageMoveInput } from './opportunity.types';
export { compute } from './opportunity-queries.service';

/**
 * The opportunities feature's one entry point for the interfaces (REST, MCP) and the other features
 * (lead conversion). Reads are in OpportunityQueries, changes in OpportunityCommands, the checklist in
 * opportunity-checklist.ts, events in opportunity-events.ts and the pure rules in rules.ts.
 *
 * Commands answer what they changed (OppChange); a caller that answers the full record asks `detail`
 * for it (REST), one that needs less asks `brief` (MCP) or nothing (lead conversion).
 */
@Injectable()
export class OpportunitiesService {
  constructor(
    private readonly queries: OpportunityQueries,
    private readonly commands: OpportunityCommands,
  ) {}

  list(auth: UserContext, q: OppListQuery): Promise<OppPage> {
    return this.queries.list(auth, q);
  }

  /** The list's one query (exposed so its plan can be checked, see docs/crm-rules.md). */
  listQuery(auth: UserContext, q: OppListQuery) {
    return this.queries.listQuery(auth, q);
  }

  get(auth: UserContext, id: number): Promise<OppDetail> {
    return this.queries.get(auth, id);
  }

  /** The record as GET answers it, of a row a command just changed (its company reused when at hand). */
  detail(auth: UserContext, change: OppChange): Promise<OppDetail> {
    return this.queries.detail(auth, change.opp, { customer: change.customer });
  }

  /** The company, next stage and notes of a row a command just changed. */
  brief(auth: UserContext, change: OppChange): Promise<OppBrief> {
    return this.queries.brief(auth, change);
  }

  create(auth: UserContext, input: OppInput): Promise<OppChange> {
    return this.commands.create(auth, input);
  }

  update(auth: UserContext, id: number, input: OppInput): Promise<OppChange> {
    return this.commands.update(auth, id, input);
  }

  moveStage(auth: UserContext, id: number, input: StageMoveInput): Promise<OppChange> {
    return this.commands.moveStage(auth, id, input);
  }

  /** Whether moveStage would accept the move (its checks and gates), changing nothing; throws its refusal. */
  checkStageMove(auth: UserContext, id: number, input: StageMoveInput): Promise<void> {
    return this.commands.checkStageMove(auth, id, input);
  }

  revive(auth: UserContext, id: number): Promise<OppChange> {
    return this.commands.revive(auth, id);
  }

  toggleStep(auth: UserContext, stepId: number, input: { done?: boolean; note?: string }): Promise<OppChange & { step: Step }> {
    return this.commands.toggleStep(auth, stepId, input);
  }

  addNote(auth: UserContext, id: number, body: string): Promise<OppChange> {
    return this.commands.addNote(auth, id, body);
  }
}
