import { Module } from '@nestjs/common';
import { CrmModule } from '../../domain/crm/crm.module';
import { ErpController } from './erp.controller';

/** The ERP order exchange at /api/erp/v1: controller, DTOs and mapping only (logic in src/domain/crm/orders). */
@Module({ imports: [CrmModule], controllers: [ErpController] })
export class ErpModule {}
