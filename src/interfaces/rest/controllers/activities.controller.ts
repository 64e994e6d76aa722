import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IdPipe } from '../../../edge/id.pipe';
import { ActivitiesService } from '../../../domain/crm/activities/activities.service';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import { MODULES } from '../../../domain/workspace/defaults';
import { ActivityListQueryDto, CreateActivityDto, UpdateActivityDto } from '../dto/activities.dto';
import { toActivityList, toActivityResponse } from '../mappers/activity.mapper';

const read = { scope: 'crm.read', module: MODULES.activities } as const;
const write = { scope: 'crm.write', module: MODULES.activities } as const;

@ApiTags('Activities')
@Controller('api/v1')
export class ActivitiesController {
  constructor(private readonly service: ActivitiesService) {}

  @Get('activities')
  @Auth(read)
  async list(@CurrentAuth() auth: UserContext, @Query() query: ActivityListQueryDto) {
    return toActivityList(await this.service.list(auth, query), auth.workspace);
  }

  @Post('activities')
  @Auth(write)
  async create(@CurrentAuth() auth: UserContext, @Body() dto: CreateActivityDto) {
    return toActivityResponse(await this.service.create(auth, dto), auth.workspace);
  }

  @Get('activities/:id')
  @Auth(read)
  async get(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    return toActivityResponse(await this.service.get(auth, id), auth.workspace);
  }

  @Patch('activities/:id')
  @Auth(write)
  async update(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Body() dto: UpdateActivityDto) {
    return toActivityResponse(await this.service.update(auth, id, dto), auth.workspace);
  }

  @Delete('activities/:id')
  @Auth(write)
  async remove(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    await this.service.remove(auth, id);
    return { ok: true as const };
  }
}
