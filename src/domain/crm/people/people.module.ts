import { Module } from '@nestjs/common';
import { ObjectsModule } from '../objects';
import { PeopleService } from './people.service';

@Module({ imports: [ObjectsModule], providers: [PeopleService], exports: [PeopleService] })
export class PeopleModule {}
