import { Module } from '@nestjs/common';
import { AdminCommands } from '../cli/admin-commands';
import { DemoBootstrap } from './demo-bootstrap';
import { DemoSeedService } from './demo-seed.service';

@Module({ providers: [DemoSeedService, DemoBootstrap, AdminCommands], exports: [DemoSeedService, DemoBootstrap, AdminCommands] })
export class DemoModule {}
