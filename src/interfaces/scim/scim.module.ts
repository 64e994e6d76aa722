import { Module } from '@nestjs/common';
import { ScimController } from './scim.controller';

/** SCIM 2.0 user provisioning at /api/scim/v2: controller, body mapping and PATCH/filter handling only. */
@Module({
  controllers: [ScimController],
})
export class ScimModule {}
