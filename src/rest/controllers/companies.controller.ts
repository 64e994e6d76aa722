import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CompaniesService } from '../../crm/companies/companies.service';

@ApiTags('Companies')
@Controller('api/v1')
export class CompaniesController {
  constructor(private readonly service: CompaniesService) {}
}
