import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IdPipe } from '../../../edge/id.pipe';
import { OpportunitiesService, type OppChange } from '../../../domain/crm/opportunities/opportunities.service';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import { MODULES } from '../../../domain/workspace/defaults';
import { CreateOpportunityDto, EmptyDto, NoteDto, OpportunityListQueryDto, StageMoveDto, StepToggleDto, UpdateOpportunityDto } from '../dto/opportunities.dto';
import { listResponse } from '../mappers/common.mapper';
import { toOpp, toOppSummary, toStep } from '../mappers/opportunity.mapper';

const READ = { scope: 'crm.read', module: MODULES.opportunities } as const;
const WRITE = { scope: 'crm.write', module: MODULES.opportunities } as const;

@ApiTags('Opportunities')
@Controller('api/v1')
export class OpportunitiesController {
  constructor(private readonly service: OpportunitiesService) {}

  @Get('opportunities')
  @Auth(READ)
  async list(@CurrentAuth() auth: UserContext, @Query() q: OpportunityListQueryDto) {
    const page = await this.service.list(auth, { ...q, updatedSince: q.updated_since });
    return listResponse(page.items.map((v) => toOppSummary(v, auth.workspace, page.users)), page.nextCursor);
  }

  @Post('opportunities')
  @Auth(WRITE)
  async create(@CurrentAuth() auth: UserContext, @Body() dto: CreateOpportunityDto) {
    return { ok: true, opp: await this.record(auth, this.service.create(auth, dto)) };
  }

  @Get('opportunities/:id')
  @Auth(READ)
  async get(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    return { ok: true, opp: toOpp(await this.service.get(auth, id), auth.workspace) };
  }

  @Patch('opportunities/:id')
  @Auth(WRITE)
  async update(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Body() dto: UpdateOpportunityDto) {
    return { ok: true, opp: await this.record(auth, this.service.update(auth, id, dto)) };
  }

  @Post('opportunities/:id/stage')
  @HttpCode(200)
  @Auth(WRITE)
  async stage(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Body() dto: StageMoveDto) {
    return { ok: true, opp: await this.record(auth, this.service.moveStage(auth, id, dto)) };
  }

  @Post('opportunities/:id/revive')
  @HttpCode(200)
  @Auth(WRITE)
  async revive(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Body() _body: EmptyDto) {
    return { ok: true, opp: await this.record(auth, this.service.revive(auth, id)) };
  }

  @Post('opportunities/:id/notes')
  @Auth(WRITE)
  async note(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Body() dto: NoteDto) {
    return { ok: true, opp: await this.record(auth, this.service.addNote(auth, id, dto.body)) };
  }

  @Post('steps/:id/toggle')
  @HttpCode(200)
  @Auth(WRITE)
  async toggle(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Body() dto: StepToggleDto) {
    const { step, ...change } = await this.service.toggleStep(auth, id, dto);
    const detail = await this.service.detail(auth, change);
    return { ok: true, opp: toOpp(detail, auth.workspace), step: toStep(step, detail.users, auth.workspace.app.locale) };
  }

  /** A command's answer: the record as GET shows it, read from the query side after the change. */
  private async record(auth: UserContext, change: Promise<OppChange>) {
    return toOpp(await this.service.detail(auth, await change), auth.workspace);
  }
}
