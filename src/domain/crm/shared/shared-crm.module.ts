import { Global, Module } from '@nestjs/common';
import { AccessService } from './access.service';
import { RecordOpensService } from './record-opens.service';
import { RefsService } from './refs.service';

@Global()
@Module({ providers: [AccessService, RecordOpensService, RefsService], exports: [AccessService, RecordOpensService, RefsService] })
export class SharedCrmModule {}
