import { MODULES } from '../../../domain/workspace/defaults';
import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiDoc } from '../../../edge/openapi/api-doc.decorator';
import { OkResponse } from '../shared/common.schema';
import { FairList, FairResponse } from './fair.schema';
import { IdPipe } from '../../../edge/id.pipe';
import { FairsService, type FairOne } from '../../../domain/crm/leads/fairs.service';
import type { Workspace } from '../../../domain/workspace/workspace.entity';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import { CreateFairDto, FairListQueryDto, fairListQuery, UpdateFairDto } from './fairs.dto';
import { fairPageView, fairView } from '../../../domain/crm/leads/lead.view';
import { callerView, listResponse } from '../shared/common.mapper';

const SHARED = 'Every user with the Fair leads module sees every fair of the workspace; its owner and admins edit and delete it (403 `forbidden` for others).';

@ApiTags('Trade fairs & leads')
@Controller('api/v1')
export class FairsController {
  constructor(private readonly service: FairsService) {}

  @Get('fairs')
  @ApiDoc({
    id: 'listFairs',
    summary: 'List trade fairs',
    description:
      'A page of the fairs of the workspace, newest first (or by last change with `sort=update`, for sync). `q` matches the name or city; `from` keeps ' +
      'the fairs that end (or, without an end date, start) on or after that date. Page with `limit` and the previous page\'s `next_cursor`. ' + SHARED,
    spec: '4.13',
    ok: FairList,
  })
  @Auth({ scope: 'crm.read', module: MODULES.leads })
  async list(@CurrentAuth() auth: UserContext, @Query() q: FairListQueryDto) {
    const page = await this.service.list(auth, fairListQuery(q));
    return listResponse(fairPageView(page, callerView(auth)), page.nextCursor);
  }

  @Post('fairs')
  @ApiDoc({
    id: 'createFair',
    summary: 'Create a trade fair',
    description: 'Creates a fair owned by the caller (or `owner_id`). `end_date` must not be before `start_date`. Raises no event.',
    spec: '4.13',
    ok: FairResponse,
  })
  @Auth({ scope: 'crm.write', module: MODULES.leads })
  async create(@CurrentAuth() auth: UserContext, @Body() dto: CreateFairDto) {
    return fairResponse(await this.service.create(auth, dto), callerView(auth));
  }

  @Get('fairs/:id')
  @ApiDoc({ id: 'getFair', summary: 'Get a trade fair', description: 'One fair with its number of leads. ' + SHARED, spec: '4.13', ok: FairResponse })
  @Auth({ scope: 'crm.read', module: MODULES.leads })
  async get(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    return fairResponse(await this.service.get(auth, id), callerView(auth));
  }

  @Patch('fairs/:id')
  @ApiDoc({
    id: 'updateFair',
    summary: 'Update a trade fair',
    description: 'Changes the fields sent; omitted fields keep their values and `null` clears one. Needs edit rights on the fair (403 `forbidden`).',
    spec: '4.13',
    ok: FairResponse,
  })
  @Auth({ scope: 'crm.write', module: MODULES.leads })
  async update(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Body() dto: UpdateFairDto) {
    return fairResponse(await this.service.update(auth, id, dto), callerView(auth));
  }

  /** Deletes a fair without leads (409 conflict while it has leads); sync clients see a tombstone. */
  @Delete('fairs/:id')
  @ApiDoc({
    id: 'deleteFair',
    summary: 'Delete a trade fair',
    description:
      'Deletes a fair that has no leads; sync clients see it in GET /api/v1/deleted (type `fair`). Needs edit rights on the fair (403 `forbidden`).',
    spec: '4.13',
    ok: OkResponse,
    errors: { 409: '`conflict`: the fair still has leads (`leads`: how many); move them to another fair (PATCH /api/v1/leads/{id} `fair_id`) first' },
  })
  @Auth({ scope: 'crm.write', module: MODULES.leads })
  async remove(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    await this.service.remove(auth, id);
    return { ok: true as const };
  }
}

/** One fair as GET / POST / PATCH answer it. */
const fairResponse = (one: FairOne, ws: Workspace) => ({ ok: true as const, fair: fairView(one.fair, one.views, ws) });
