import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiDoc } from '../../../edge/openapi/api-doc.decorator';
import { OkResponse } from '../shared/common.schema';
import { CalendarEntryList, CalendarEntryResponse } from './calendar.schema';
import { IdPipe } from '../../../edge/id.pipe';
import { CalendarService } from '../../../domain/crm/calendar/calendar.service';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import { MODULES } from '../../../domain/workspace/defaults';
import { CalendarRangeQueryDto, CreateCalendarEntryDto, UpdateCalendarEntryDto } from './calendar.dto';
import { toCalendarEntryResponse, toCalendarRange } from './calendar.mapper';
import { callerView } from '../shared/common.mapper';

const read = { scope: 'crm.read', module: MODULES.activities } as const;
const write = { scope: 'crm.write', module: MODULES.activities } as const;

const VISIBILITY = 'An entry is visible to admins and to the team of its owner or of any attendee; others get 404.';

@ApiTags('Calendar')
@Controller('api/v1')
export class CalendarController {
  constructor(private readonly service: CalendarService) {}

  @Get('calendar')
  @ApiDoc({
    id: 'listCalendarEntries',
    summary: 'List calendar entries of a range of days',
    description:
      "The entries the caller may see that overlap the local days `from`..`to` (both included, the workspace's time zone), by start time; " +
      '`user_id` keeps those the user owns or attends. At most 92 days per call (400 beyond, or when `to` is before `from`); not paged. ' + VISIBILITY,
    spec: '4.13',
    ok: CalendarEntryList,
    errors: { 404: '`not_found`: the host names no workspace' },
  })
  @Auth(read)
  async range(@CurrentAuth() auth: UserContext, @Query() query: CalendarRangeQueryDto) {
    return toCalendarRange(await this.service.range(auth, query), callerView(auth));
  }

  @Post('calendar')
  @ApiDoc({
    id: 'createCalendarEntry',
    summary: 'Create a calendar entry',
    description:
      'Creates an entry owned by the caller, who always attends (first of `attendees`). `start` and `end` are local times of the workspace; `end` must ' +
      'be after `start`. Attendees must be active users, people and company visible to the caller; without `customer_id` the company is the ' +
      "opportunity's, and the opportunity must belong to it (400). Raises no event.",
    spec: '4.13',
    ok: CalendarEntryResponse,
    errors: { 404: '`not_found`: the host names no workspace' },
  })
  @Auth(write)
  async create(@CurrentAuth() auth: UserContext, @Body() dto: CreateCalendarEntryDto) {
    return toCalendarEntryResponse(await this.service.create(auth, dto), callerView(auth));
  }

  @Get('calendar/:id')
  @ApiDoc({ id: 'getCalendarEntry', summary: 'Get a calendar entry', description: `One calendar entry. ${VISIBILITY}`, spec: '4.13', ok: CalendarEntryResponse })
  @Auth(read)
  async get(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    return toCalendarEntryResponse(await this.service.get(auth, id), callerView(auth));
  }

  @Patch('calendar/:id')
  @ApiDoc({
    id: 'updateCalendarEntry',
    summary: 'Update a calendar entry',
    description:
      'Changes the fields sent; omitted fields keep their values and null clears an optional one. Only the owner or an admin may change an entry ' +
      '(403 `forbidden`); `end` must stay after `start` (400).',
    spec: '4.13',
    ok: CalendarEntryResponse,
  })
  @Auth(write)
  async update(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Body() dto: UpdateCalendarEntryDto) {
    return toCalendarEntryResponse(await this.service.update(auth, id, dto), callerView(auth));
  }

  @Delete('calendar/:id')
  @ApiDoc({
    id: 'deleteCalendarEntry',
    summary: 'Delete a calendar entry',
    description:
      'Deletes the entry (hard delete; the owner or an admin, else 403 `forbidden`). The deletion is listed by `GET /api/v1/deleted` for sync.',
    spec: '4.13',
    ok: OkResponse,
  })
  @Auth(write)
  async remove(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    await this.service.remove(auth, id);
    return { ok: true as const };
  }
}
