import { Global, Module } from '@nestjs/common';
import { AccessService } from './access.service';
import { RefsService } from './refs.service';

@Global()
@Module({ providers: [AccessService, RefsService], exports: [AccessService, RefsService] })
export class SharedCrmModule {}
