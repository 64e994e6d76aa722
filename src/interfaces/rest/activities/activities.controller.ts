import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiDoc } from '../../../edge/openapi/api-doc.decorator';
import { OkResponse } from '../shared/common.schema';
import { ActivityList, ActivityResponse } from './activity.schema';
import { IdPipe } from '../../../edge/id.pipe';
import { ActivitiesService } from '../../../domain/crm/activities/activities.service';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import { MODULES } from '../../../domain/workspace/defaults';
import { ActivityListQueryDto, CreateActivityDto, UpdateActivityDto } from './activities.dto';
import { activityPageView, activityView } from '../../../domain/crm/activities/activity.view';
import { callerView, listResponse } from '../shared/common.mapper';

const read = { scope: 'crm.read', module: MODULES.activities } as const;
const write = { scope: 'crm.write', module: MODULES.activities } as const;

@ApiTags('Activities')
@Controller('api/v1')
export class ActivitiesController {
  constructor(private readonly service: ActivitiesService) {}

  @Get('activities')
  @ApiDoc({
    id: 'listActivities',
    summary: 'List activities',
    description:
      'A page of the activities / visits the caller may see (those of users whose records the caller sees), newest first (or by last change with ' +
      '`sort=update`, for sync). Filters combine; `from` / `to` bound the visit date (both included; `to` before `from` is 400). Page with `limit` ' +
      "and the previous page's `next_cursor`.",
    spec: '4.13',
    ok: ActivityList,
    errors: { 404: '`not_found`: the host names no workspace' },
  })
  @Auth(read)
  async list(@CurrentAuth() auth: UserContext, @Query() query: ActivityListQueryDto) {
    const page = await this.service.list(auth, query);
    return listResponse(activityPageView(page, callerView(auth)), page.nextCursor);
  }

  @Post('activities')
  @ApiDoc({
    id: 'createActivity',
    summary: 'Log an activity',
    description:
      "Logs a visit against a company and raises the `visit_created` event. In the same transaction the company's `last_visit` and " +
      '`next_visit_due` move forward and the linked opportunity\'s last activity time is set. `type` is one of constants.visit_types; ' +
      '`person_ids` must be people of the company and `opp_id` an opportunity of it (400 otherwise, like an unknown or invisible company). ' +
      'Owner: the caller, or `owner_id` (another user only for admins, else 403 `forbidden`).',
    spec: '4.13',
    ok: ActivityResponse,
    errors: { 404: '`not_found`: the host names no workspace' },
  })
  @Auth(write)
  async create(@CurrentAuth() auth: UserContext, @Body() dto: CreateActivityDto) {
    return { ok: true as const, activity: activityView(await this.service.create(auth, dto), callerView(auth)) };
  }

  @Get('activities/:id')
  @ApiDoc({ id: 'getActivity', summary: 'Get an activity', description: 'One activity / visit the caller may see.', spec: '4.13', ok: ActivityResponse })
  @Auth(read)
  async get(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    return { ok: true as const, activity: activityView(await this.service.get(auth, id), callerView(auth)) };
  }

  @Patch('activities/:id')
  @ApiDoc({
    id: 'updateActivity',
    summary: 'Update an activity',
    description:
      "Changes the fields sent; omitted fields keep their values and null clears an optional one. Needs edit rights (403 `forbidden`). A new date " +
      "or company recomputes the companies' last visit; people and opportunity must still belong to the (new) company (400). Raises no event.",
    spec: '4.13',
    ok: ActivityResponse,
  })
  @Auth(write)
  async update(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Body() dto: UpdateActivityDto) {
    return { ok: true as const, activity: activityView(await this.service.update(auth, id, dto), callerView(auth)) };
  }

  @Delete('activities/:id')
  @ApiDoc({
    id: 'deleteActivity',
    summary: 'Delete an activity',
    description:
      "Deletes a visit logged by mistake (hard delete; needs edit rights, 403 `forbidden`). The company's last visit falls back to the latest " +
      'remaining one; the deletion is listed by `GET /api/v1/deleted` for sync.',
    spec: '4.13',
    ok: OkResponse,
  })
  @Auth(write)
  async remove(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    await this.service.remove(auth, id);
    return { ok: true as const };
  }
}
