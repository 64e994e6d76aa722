import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { IdPipe } from '../../../edge/id.pipe';
import { FairsService } from '../../../domain/crm/leads/fairs.service';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import { CreateFairDto, FairListQueryDto, FairListResponseSchema, fairListQuery, FairResponseSchema, OkResponseSchema, UpdateFairDto } from '../dto/fairs.dto';
import { toFairList, toFairResponse } from '../mappers/lead.mapper';

@ApiTags('Trade fairs & leads')
@Controller('api/v1')
export class FairsController {
  constructor(private readonly service: FairsService) {}

  @Get('fairs')
  @Auth({ scope: 'crm.read', module: 'Fair leads' })
  @ApiOkResponse({ type: FairListResponseSchema })
  async list(@CurrentAuth() auth: UserContext, @Query() q: FairListQueryDto) {
    return toFairList(await this.service.list(auth, fairListQuery(q)), auth.workspace);
  }

  @Post('fairs')
  @Auth({ scope: 'crm.write', module: 'Fair leads' })
  @ApiCreatedResponse({ type: FairResponseSchema })
  async create(@CurrentAuth() auth: UserContext, @Body() dto: CreateFairDto) {
    return toFairResponse(await this.service.create(auth, dto), auth.workspace);
  }

  @Get('fairs/:id')
  @Auth({ scope: 'crm.read', module: 'Fair leads' })
  @ApiOkResponse({ type: FairResponseSchema })
  async get(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    return toFairResponse(await this.service.get(auth, id), auth.workspace);
  }

  @Patch('fairs/:id')
  @Auth({ scope: 'crm.write', module: 'Fair leads' })
  @ApiOkResponse({ type: FairResponseSchema })
  async update(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Body() dto: UpdateFairDto) {
    return toFairResponse(await this.service.update(auth, id, dto), auth.workspace);
  }

  /** Deletes a fair without leads (409 conflict while it has leads); sync clients see a tombstone. */
  @Delete('fairs/:id')
  @Auth({ scope: 'crm.write', module: 'Fair leads' })
  @ApiOkResponse({ type: OkResponseSchema })
  async remove(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    await this.service.remove(auth, id);
    return { ok: true as const };
  }
}
