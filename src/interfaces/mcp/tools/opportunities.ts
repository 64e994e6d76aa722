import * as z from 'zod/v4';
import { MODULES } from '../../../domain/workspace/defaults';
import { externalIdFilter, flag, id, limit, name, oneOf, searchQuery, text } from '../mcp.args';
import { opportunityBriefCompact, opportunityCompact, opportunityDetailCompact } from '../../../domain/crm/opportunities/opportunity.view';
import { OpportunityChangeFields, OpportunityCreateFields } from '../../../domain/crm/opportunities/opportunity.types';
import { Opportunity, OpportunityBrief, OpportunityDetail } from '../mcp.outputs';
import { defineTool, type ToolDef, type ServiceOf } from '../mcp.tool-def';
import { OpportunitiesService } from '../../../domain/crm/opportunities/opportunities.service';

/** The domain services these tools call. */
const services = (get: ServiceOf) => ({ opps: get(OpportunitiesService) });
type Services = ReturnType<typeof services>;

/**
 * Opportunities (the opportunities module): each tool the REST route's service call. A stage move or a note answers the
 * opportunity's brief (company, next stage, notes); the other writes answer the full record REST shows.
 */
export function opportunityTools(get: ServiceOf): ToolDef[] {
  const s = services(get);
  return [...opportunityReads(s), ...opportunityProgress(s), ...opportunityRecords(s)];
}

/** The opportunities the user may see. */
function opportunityReads(s: Services): ToolDef[] {
  return [
    defineTool({
      name: 'list_opportunities',
      title: 'Search opportunities',
      description: "Sales opportunities visible to the user; filter by text, company, open/closed or another system's key (external_id).",
      write: false,
      output: z.array(Opportunity),
      module: MODULES.opportunities,
      input: z.strictObject({ query: searchQuery(), customer_id: id('company').optional(), status: oneOf(['open', 'closed'], 'open or closed').optional(), external_id: externalIdFilter(), limit: limit().optional() }),
      run: async (auth, a) => (await s.opps.list(auth, { q: a.query, customer_id: a.customer_id, status: a.status, external_id: a.external_id, limit: a.limit ?? 20 })).items.map(opportunityCompact),
    }),
    defineTool({
      name: 'get_opportunity',
      title: 'Get an opportunity',
      description: 'One opportunity with its stage, value, company, notes and checklist steps.',
      write: false,
      output: OpportunityDetail,
      module: MODULES.opportunities,
      input: z.strictObject({ id: id('opportunity') }),
      run: async (auth, a) => opportunityDetailCompact(await s.opps.get(auth, a.id)),
    }),
  ];
}

/** Progress of an opportunity: its stage, notes and checklist steps. */
function opportunityProgress(s: Services): ToolDef[] {
  return [
    defineTool({
      name: 'move_opportunity_stage',
      title: "Move an opportunity's stage",
      description:
        "Move an opportunity the user may edit to another stage of the workspace's pipeline (the stage gates apply). Closing it as lost or cancelled needs close_reason, one of the workspace loss reasons.",
      write: true,
      destructive: true,
      idempotent: true,
      output: OpportunityBrief,
      module: MODULES.opportunities,
      input: z.strictObject({
        id: id('opportunity'),
        stage: name(40, "the new stage: one of the workspace's stages"),
        note: text(1000, 'why, for the stage log').optional(),
        close_reason: text(100, 'for a lost or cancelled stage: one of the workspace loss reasons').optional(),
        close_category: text(100, 'close category').optional(),
      }),
      choices: (c) => ({ stage: c.stages, close_reason: c.loss_reasons }),
      run: async (auth, a) => {
        const change = await s.opps.moveStage(auth, a.id, { stage: a.stage, note: a.note, close_reason: a.close_reason, close_category: a.close_category });
        return opportunityBriefCompact(await s.opps.brief(auth, change));
      },
    }),
    defineTool({
      name: 'add_opportunity_note',
      title: 'Add a note to an opportunity',
      description: 'Append a note to an opportunity the user may edit.',
      write: true,
      destructive: false,
      idempotent: false,
      output: OpportunityBrief,
      module: MODULES.opportunities,
      input: z.strictObject({ id: id('opportunity'), body: name(5000, 'the note') }),
      run: async (auth, a) => opportunityBriefCompact(await s.opps.brief(auth, await s.opps.addNote(auth, a.id, a.body))),
    }),
    defineTool({
      name: 'toggle_opportunity_step',
      title: 'Tick or untick a checklist step',
      description: "Set a checklist step of an opportunity the user may edit done or not done (step ids are in get_opportunity's steps); a BANT step also sets the opportunity's BANT flag.",
      write: true,
      destructive: true,
      idempotent: true,
      module: MODULES.opportunities,
      output: OpportunityDetail,
      input: z.strictObject({ step_id: id('checklist step'), done: flag('true: done, false: not done'), note: text(1000, 'a note on the step').optional() }),
      run: async (auth, a) => {
        const change = await s.opps.toggleStep(auth, a.step_id, { done: a.done, note: a.note });
        return opportunityDetailCompact(await s.opps.get(auth, change.opp.id));
      },
    }),
  ];
}

/** A new opportunity, its fields, and a lost one revived. */
function opportunityRecords(s: Services): ToolDef[] {
  return [
    defineTool({
      name: 'create_opportunity',
      title: 'Create an opportunity',
      description:
        "A new opportunity of a company the user may see, owned by the user, in the pipeline's first stage (or the open `stage` given, whose gates must be met). Creates the stage's checklist steps.",
      write: true,
      destructive: false,
      idempotent: false,
      module: MODULES.opportunities,
      output: OpportunityDetail,
      input: z.strictObject(OpportunityCreateFields.shape),
      choices: (c) => ({ stage: c.open_stages, type: c.opp_types }),
      run: async (auth, a) => opportunityDetailCompact(await s.opps.detail(auth, await s.opps.create(auth, a))),
    }),
    defineTool({
      name: 'update_opportunity',
      title: 'Update an opportunity',
      description: 'Change fields of an opportunity the user may edit; only the arguments given change. The stage moves with move_opportunity_stage.',
      write: true,
      destructive: true,
      idempotent: true,
      module: MODULES.opportunities,
      output: OpportunityDetail,
      input: z.strictObject({ id: id('opportunity'), ...OpportunityChangeFields.shape }),
      // '' clears the type, as over REST
      choices: (c) => ({ type: ['', ...c.opp_types] }),
      run: async (auth, { id: oppId, ...change }) => opportunityDetailCompact(await s.opps.detail(auth, await s.opps.update(auth, oppId, change))),
    }),
    defineTool({
      name: 'revive_opportunity',
      title: 'Revive a lost or cancelled opportunity',
      description:
        'Reopen a lost or cancelled opportunity the user may edit, as the CRM does: a NEW open opportunity in the first stage, copied from it (value 0) and linked to it. Answers the new one. An opportunity already revived is refused.',
      write: true,
      destructive: false,
      idempotent: true,
      module: MODULES.opportunities,
      output: OpportunityDetail,
      input: z.strictObject({ id: id('lost or cancelled opportunity') }),
      run: async (auth, a) => opportunityDetailCompact(await s.opps.detail(auth, await s.opps.revive(auth, a.id))),
    }),
  ];
}
opportunityTools.place = 50;
