import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiDoc } from '../../../edge/openapi/api-doc.decorator';
import { OkResponse } from '../shared/common.schema';
import { TaskList, TaskResponse } from './task.schema';
import { IdPipe } from '../../../edge/id.pipe';
import { TasksService } from '../../../domain/crm/tasks/tasks.service';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import { MODULES } from '../../../domain/workspace/defaults';
import { CreateTaskDto, TaskListQueryDto, UpdateTaskDto } from './tasks.dto';
import { taskPageView, taskView } from '../../../domain/crm/tasks/task.view';
import { callerView, listResponse } from '../shared/common.mapper';

const read = { scope: 'crm.read', module: MODULES.activities } as const;
const write = { scope: 'crm.write', module: MODULES.activities } as const;

const VISIBILITY = 'A task is visible to admins and to the team of its assignee or its owner (creator); others get 404.';

@ApiTags('Actions & tasks')
@Controller('api/v1')
export class TasksController {
  constructor(private readonly service: TasksService) {}

  @Get('tasks')
  @ApiDoc({
    id: 'listTasks',
    summary: 'List tasks',
    description:
      'A page of the actions / tasks the caller may see, newest first (or by last change with `sort=update`, for sync). Filters combine: `open` ' +
      'and `overdue` use the workspace\'s closed statuses (constants.task_closed_statuses) and today in its time zone; `due_after` / `due_before` ' +
      "bound the due date (both included). Page with `limit` and the previous page's `next_cursor`. " + VISIBILITY,
    spec: '4.13',
    ok: TaskList,
    errors: { 404: '`not_found`: the host names no workspace' },
  })
  @Auth(read)
  async list(@CurrentAuth() auth: UserContext, @Query() query: TaskListQueryDto) {
    const page = await this.service.list(auth, query);
    return listResponse(taskPageView(page, callerView(auth)), page.nextCursor);
  }

  @Post('tasks')
  @ApiDoc({
    id: 'createTask',
    summary: 'Create a task',
    description:
      'Creates a task owned by the caller and assigned to `assignee_id` (an active user; default the caller). Priority defaults to `Normal` (or the ' +
      "first of constants.task_priorities), status to the first of constants.task_statuses; the done status sets `done_at`. Without `customer_id` the " +
      "company is taken from the opportunity or the person; the opportunity and the person's company must match it (400). Raises no event.",
    spec: '4.13',
    ok: TaskResponse,
    errors: { 404: '`not_found`: the host names no workspace' },
  })
  @Auth(write)
  async create(@CurrentAuth() auth: UserContext, @Body() dto: CreateTaskDto) {
    return { ok: true as const, task: taskView(await this.service.create(auth, dto), callerView(auth)) };
  }

  @Get('tasks/:id')
  @ApiDoc({ id: 'getTask', summary: 'Get a task', description: `One action / task. ${VISIBILITY}`, spec: '4.13', ok: TaskResponse })
  @Auth(read)
  async get(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    return { ok: true as const, task: taskView(await this.service.get(auth, id), callerView(auth)) };
  }

  @Patch('tasks/:id')
  @ApiDoc({
    id: 'updateTask',
    summary: 'Update a task',
    description:
      'Changes the fields sent; omitted fields keep their values and null clears an optional one. Only the owner, the assignee or an admin may change ' +
      'a task (403 `forbidden`). Setting constants.task_done_status sets `done_at`; another status clears it.',
    spec: '4.13',
    ok: TaskResponse,
  })
  @Auth(write)
  async update(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Body() dto: UpdateTaskDto) {
    return { ok: true as const, task: taskView(await this.service.update(auth, id, dto), callerView(auth)) };
  }

  @Delete('tasks/:id')
  @ApiDoc({
    id: 'deleteTask',
    summary: 'Delete a task',
    description:
      'Deletes the task (hard delete; the owner, the assignee or an admin, else 403 `forbidden`). The deletion is listed by `GET /api/v1/deleted` for sync.',
    spec: '4.13',
    ok: OkResponse,
  })
  @Auth(write)
  async remove(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    await this.service.remove(auth, id);
    return { ok: true as const };
  }
}
