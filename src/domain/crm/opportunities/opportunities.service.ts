import { Injectable } from '@nestjs/common';
import type { UserContext } from '../../identity/auth-context';
import { OpportunityCommands } from './opportunity-commands.service';
import { OpportunityQueries } from './opportunity-queries.service';
import type { OppDetail, OppInput, OppListQuery, OppPage, StageMoveInput } from './opportunity.types';
import type { Step } from './step.entity';

export type { OppComputed, OppDetail, OppInput, OppListQuery, OppPage, OppView, StageMoveInput } from './opportunity.types';
export { compute } from './opportunity-queries.service';

/**
 * The opportunities feature's one entry point for the interfaces (REST today; MCP and others later).
 * Reads are in OpportunityQueries, changes in OpportunityCommands, the checklist in
 * opportunity-checklist.ts, events in opportunity-events.ts and the pure rules in rules.ts.
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

  create(auth: UserContext, input: OppInput): Promise<OppDetail> {
    return this.commands.create(auth, input);
  }

  update(auth: UserContext, id: number, input: OppInput): Promise<OppDetail> {
    return this.commands.update(auth, id, input);
  }

  moveStage(auth: UserContext, id: number, input: StageMoveInput): Promise<OppDetail> {
    return this.commands.moveStage(auth, id, input);
  }

  revive(auth: UserContext, id: number): Promise<OppDetail> {
    return this.commands.revive(auth, id);
  }

  toggleStep(auth: UserContext, stepId: number, input: { done?: boolean; note?: string }): Promise<{ detail: OppDetail; step: Step }> {
    return this.commands.toggleStep(auth, stepId, input);
  }

  addNote(auth: UserContext, id: number, body: string): Promise<OppDetail> {
    return this.commands.addNote(auth, id, body);
  }
}
