import { Module } from '@nestjs/common';
import { ObjectRecordsService } from './object-records.service';
import { ObjectTypesService } from './object-types.service';
import { ObjectViews } from './object-views';

@Module({ providers: [ObjectTypesService, ObjectRecordsService, ObjectViews], exports: [ObjectTypesService, ObjectRecordsService] })
export class ObjectsModule {}
