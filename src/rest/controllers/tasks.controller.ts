import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { TasksService } from '../../crm/tasks/tasks.service';

@ApiTags('Tasks')
@Controller('api/v1')
export class TasksController {
  constructor(private readonly service: TasksService) {}
}
