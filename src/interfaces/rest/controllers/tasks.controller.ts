import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IdPipe } from '../../../edge/id.pipe';
import { TasksService } from '../../../domain/crm/tasks/tasks.service';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import { MODULES } from '../../../domain/workspace/defaults';
import { CreateTaskDto, TaskListQueryDto, UpdateTaskDto } from '../dto/tasks.dto';
import { toTaskList, toTaskResponse } from '../mappers/task.mapper';

const read = { scope: 'crm.read', module: MODULES.activities } as const;
const write = { scope: 'crm.write', module: MODULES.activities } as const;

@ApiTags('Tasks')
@Controller('api/v1')
export class TasksController {
  constructor(private readonly service: TasksService) {}

  @Get('tasks')
  @Auth(read)
  async list(@CurrentAuth() auth: UserContext, @Query() query: TaskListQueryDto) {
    return toTaskList(await this.service.list(auth, query), auth.workspace);
  }

  @Post('tasks')
  @Auth(write)
  async create(@CurrentAuth() auth: UserContext, @Body() dto: CreateTaskDto) {
    return toTaskResponse(await this.service.create(auth, dto), auth.workspace);
  }

  @Get('tasks/:id')
  @Auth(read)
  async get(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    return toTaskResponse(await this.service.get(auth, id), auth.workspace);
  }

  @Patch('tasks/:id')
  @Auth(write)
  async update(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Body() dto: UpdateTaskDto) {
    return toTaskResponse(await this.service.update(auth, id, dto), auth.workspace);
  }

  @Delete('tasks/:id')
  @Auth(write)
  async remove(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    await this.service.remove(auth, id);
    return { ok: true as const };
  }
}
