import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiDoc } from '../../../edge/openapi/api-doc.decorator';
import { OpportunityList, OpportunityResponse, StepToggleResponse } from './opportunity.schema';
import { IdPipe } from '../../../edge/id.pipe';
import { OpportunitiesService, type OppChange } from '../../../domain/crm/opportunities/opportunities.service';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import { MODULES } from '../../../domain/workspace/defaults';
import { CreateOpportunityDto, EmptyDto, NoteDto, OpportunityListQueryDto, StageMoveDto, StepToggleDto, UpdateOpportunityDto, idList } from './opportunities.dto';
import { opportunityPageView, opportunityRecordView, stepView } from '../../../domain/crm/opportunities/opportunity.view';
import { callerView, listResponse } from '../shared/common.mapper';

const READ = { scope: 'crm.read', module: MODULES.opportunities } as const;
const WRITE = { scope: 'crm.write', module: MODULES.opportunities } as const;

@ApiTags('Opportunities')
@Controller('api/v1')
export class OpportunitiesController {
  constructor(private readonly service: OpportunitiesService) {}

  @Get('opportunities')
  @ApiDoc({
    id: 'listOpportunities',
    summary: 'List opportunities',
    description:
      'A page of the opportunities the caller may see with the scalar fields of the record (GET by id adds the nested arrays), newest first, or by last ' +
      'change with `sort=update` (periodic sync, spec 4.4). Filters combine; `q` matches the name, `status` open or closed. Page with `limit` and the ' +
      "previous page's `next_cursor`; `ids` reads known records (at most 100) in one call.",
    spec: '4.4',
    ok: OpportunityList,
  })
  @Auth(READ)
  async list(@CurrentAuth() auth: UserContext, @Query() q: OpportunityListQueryDto) {
    const page = await this.service.list(auth, { ...q, ids: idList(q.ids), updatedSince: q.updated_since });
    return listResponse(opportunityPageView(page, callerView(auth)), page.nextCursor);
  }

  @Post('opportunities')
  @ApiDoc({
    id: 'createOpportunity',
    summary: 'Create an opportunity',
    description:
      "Creates an opportunity of a company the caller may see, owned by the caller, in the first open stage or in the open `stage` sent (the gates of " +
      'the stages up to it must be met when constants.stage_rules is on: 400 `invalid` with `gate_problems`). Creates the checklist steps of the stage, ' +
      'logs the first stage (from null) and raises the `opp_created` event. `close_date` defaults to start_date + constants.sales_cycle_days.',
    spec: '4.13',
    ok: OpportunityResponse,
  })
  @Auth(WRITE)
  async create(@CurrentAuth() auth: UserContext, @Body() dto: CreateOpportunityDto) {
    return { ok: true, opp: await this.record(auth, this.service.create(auth, dto)) };
  }

  @Get('opportunities/:id')
  @ApiDoc({
    id: 'getOpportunity',
    summary: 'Get an opportunity',
    description: 'One opportunity with its stage log, steps, tasks, notes, visits, orders and linked custom object records. 404 when it does not exist or the caller may not see it.',
    spec: '2.6',
    ok: OpportunityResponse,
  })
  @Auth(READ)
  async get(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    return { ok: true, opp: opportunityRecordView(await this.service.get(auth, id), callerView(auth)) };
  }

  @Patch('opportunities/:id')
  @ApiDoc({
    id: 'updateOpportunity',
    summary: 'Update an opportunity',
    description:
      'Changes the fields sent; omitted fields keep their values, `null` clears a nullable one (`close_date` null goes back to the default). Does not ' +
      'move the stage: `stage` is refused with 400 `invalid` pointing to POST /api/v1/opportunities/{id}/stage. BANT flags update the BANT steps. ' +
      'Needs edit rights on the opportunity (403 `forbidden`). Raises no event.',
    spec: '4.13',
    ok: OpportunityResponse,
  })
  @Auth(WRITE)
  async update(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Body() dto: UpdateOpportunityDto) {
    return { ok: true, opp: await this.record(auth, this.service.update(auth, id, dto)) };
  }

  @Post('opportunities/:id/stage')
  @HttpCode(200)
  @ApiDoc({
    id: 'moveOpportunityStage',
    summary: 'Move an opportunity to another stage',
    description:
      'Moves an open opportunity to `stage` (one of constants.stages). Moving forward checks the gates of every stage passed when constants.stage_rules ' +
      'is on (400 `invalid` with `gate_problems`); a lost or cancelled stage needs `close_reason` (one of constants.loss_reasons). A closing stage sets ' +
      '`closed_at`, `close_reason` and `close_category`. Logs the move, creates the checklist steps of the stage and raises `opp_stage`, plus `opp_won` ' +
      '(fair leads converted into it become won) or `opp_lost`. A closed opportunity or the same stage: 400 `invalid`. Needs edit rights (403 `forbidden`).',
    spec: '3.2',
    ok: OpportunityResponse,
  })
  @Auth(WRITE)
  async stage(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Body() dto: StageMoveDto) {
    return { ok: true, opp: await this.record(auth, this.service.moveStage(auth, id, dto)) };
  }

  @Post('opportunities/:id/revive')
  @HttpCode(200)
  @ApiDoc({
    id: 'reviveOpportunity',
    summary: 'Revive a lost or cancelled opportunity',
    description:
      'Creates a NEW open opportunity in the first stage from a lost or cancelled one and answers the new one: name, company, owner, product, ' +
      'quantity, unit, line, type, source and tags are copied, the value starts at 0. The two are linked (`revived_from_id`, `revived_to_id`); the ' +
      'first log entry has from null. Raises `opp_created`. 403 `forbidden` when the caller may not edit it, it is not lost or cancelled, or it was ' +
      'already revived (`can_revive` is false); 404 `not_found` when it does not exist or the caller may not see it.',
    spec: '4.4',
    ok: OpportunityResponse,
  })
  @Auth(WRITE)
  async revive(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Body() _body: EmptyDto) {
    return { ok: true, opp: await this.record(auth, this.service.revive(auth, id)) };
  }

  @Post('opportunities/:id/notes')
  @ApiDoc({
    id: 'addOpportunityNote',
    summary: 'Add a note to an opportunity',
    description: "Adds a note by the caller and answers the opportunity with it (`notes`, newest first). Needs edit rights (403 `forbidden`). Raises no event.",
    ok: OpportunityResponse,
  })
  @Auth(WRITE)
  async note(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Body() dto: NoteDto) {
    return { ok: true, opp: await this.record(auth, this.service.addNote(auth, id, dto.body)) };
  }

  @Post('steps/:id/toggle')
  @HttpCode(200)
  @ApiDoc({
    id: 'toggleStep',
    summary: 'Tick or untick a step',
    description:
      "Sets the step's `done` (omitted: flips it) and `note`, and answers the opportunity and the step. A BANT step also sets the opportunity's BANT " +
      'flag. Needs edit rights on the opportunity (403 `forbidden`); 404 `not_found` when the step does not exist or its opportunity is not visible ' +
      'to the caller. Raises no event.',
    spec: '4.4',
    ok: StepToggleResponse,
  })
  @Auth(WRITE)
  async toggle(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Body() dto: StepToggleDto) {
    const { step, ...change } = await this.service.toggleStep(auth, id, dto);
    const detail = await this.service.detail(auth, change);
    return { ok: true, opp: opportunityRecordView(detail, callerView(auth)), step: stepView(step, detail.users, callerView(auth).app.locale) };
  }

  /** A command's answer: the record as GET shows it, read from the query side after the change. */
  private async record(auth: UserContext, change: Promise<OppChange>) {
    return opportunityRecordView(await this.service.detail(auth, await change), callerView(auth));
  }
}
