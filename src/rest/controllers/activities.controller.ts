import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ActivitiesService } from '../../crm/activities/activities.service';

@ApiTags('Activities')
@Controller('api/v1')
export class ActivitiesController {
  constructor(private readonly service: ActivitiesService) {}
}
