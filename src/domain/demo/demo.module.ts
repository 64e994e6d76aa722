import { Module } from '@nestjs/common';
import { DemoBootstrap } from './demo-bootstrap';
import { DemoSeedService } from './demo-seed.service';

@Module({ providers: [DemoSeedService, DemoBootstrap], exports: [DemoSeedService, DemoBootstrap] })
export class DemoModule {}
