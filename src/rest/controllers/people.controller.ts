import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { PeopleService } from '../../crm/people/people.service';

@ApiTags('People')
@Controller('api/v1')
export class PeopleController {
  constructor(private readonly service: PeopleService) {}
}
