import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { OpportunitiesService } from '../../crm/opportunities/opportunities.service';

@ApiTags('Opportunities')
@Controller('api/v1')
export class OpportunitiesController {
  constructor(private readonly service: OpportunitiesService) {}
}
