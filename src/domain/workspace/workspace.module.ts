import { Global, Module } from '@nestjs/common';
import { AuthCache } from './auth-cache';
import { WorkspaceService } from './workspace.service';

@Global()
@Module({ providers: [AuthCache, WorkspaceService], exports: [AuthCache, WorkspaceService] })
export class WorkspaceModule {}
