import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { TodayService } from '../../crm/today/today.service';

@ApiTags('Today')
@Controller('api/v1')
export class TodayController {
  constructor(private readonly service: TodayService) {}
}
