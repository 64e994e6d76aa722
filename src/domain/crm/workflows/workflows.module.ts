import { Module } from '@nestjs/common';
import { CalendarModule } from '../calendar';
import { EmailModule } from '../email';
import { ObjectsModule } from '../objects';
import { OrdersModule } from '../orders';
import { OpportunitiesModule } from '../opportunities';
import { TasksModule } from '../tasks';
import { WorkflowActions } from './workflow-actions';
import { WorkflowEngine } from './workflow-engine';
import { WorkflowInvoker } from './workflow-invoker';
import { WorkflowRemote } from './workflow-remote';
import { WorkflowRunNames } from './workflow-run-names';
import { WorkflowRunner } from './workflow-runner';
import { WorkflowsService } from './workflows.service';

@Module({
  imports: [TasksModule, OpportunitiesModule, CalendarModule, ObjectsModule, EmailModule, OrdersModule],
  providers: [WorkflowsService, WorkflowActions, WorkflowRemote, WorkflowRunner, WorkflowEngine, WorkflowInvoker, WorkflowRunNames],
  exports: [WorkflowsService, WorkflowInvoker, WorkflowEngine],
})
export class WorkflowsModule {}
