import { Global, Module } from '@nestjs/common';
import { RecordOpensService } from './record-opens.service';

/** Which records each user opened (Today's `recent`); global like the shared kit, since every record feature touches it. */
@Global()
@Module({ providers: [RecordOpensService], exports: [RecordOpensService] })
export class RecordOpensModule {}
