import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IdPipe } from '../../../edge/id.pipe';
import { CalendarService } from '../../../domain/crm/calendar/calendar.service';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import { MODULES } from '../../../domain/workspace/defaults';
import { CalendarRangeQueryDto, CreateCalendarEntryDto, UpdateCalendarEntryDto } from '../dto/calendar.dto';
import { toCalendarEntryResponse, toCalendarRange } from '../mappers/calendar.mapper';

const read = { scope: 'crm.read', module: MODULES.activities } as const;
const write = { scope: 'crm.write', module: MODULES.activities } as const;

@ApiTags('Calendar')
@Controller('api/v1')
export class CalendarController {
  constructor(private readonly service: CalendarService) {}

  @Get('calendar')
  @Auth(read)
  async range(@CurrentAuth() auth: UserContext, @Query() query: CalendarRangeQueryDto) {
    return toCalendarRange(await this.service.range(auth, query), auth.workspace);
  }

  @Post('calendar')
  @Auth(write)
  async create(@CurrentAuth() auth: UserContext, @Body() dto: CreateCalendarEntryDto) {
    return toCalendarEntryResponse(await this.service.create(auth, dto), auth.workspace);
  }

  @Get('calendar/:id')
  @Auth(read)
  async get(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    return toCalendarEntryResponse(await this.service.get(auth, id), auth.workspace);
  }

  @Patch('calendar/:id')
  @Auth(write)
  async update(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Body() dto: UpdateCalendarEntryDto) {
    return toCalendarEntryResponse(await this.service.update(auth, id, dto), auth.workspace);
  }

  @Delete('calendar/:id')
  @Auth(write)
  async remove(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    await this.service.remove(auth, id);
    return { ok: true as const };
  }
}
