import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CalendarService } from '../../crm/calendar/calendar.service';

@ApiTags('Calendar')
@Controller('api/v1')
export class CalendarController {
  constructor(private readonly service: CalendarService) {}
}
