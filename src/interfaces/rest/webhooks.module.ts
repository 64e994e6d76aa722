import { Module } from '@nestjs/common';
import { IntegrationsModule } from '../../domain/integrations/integrations.module';
import { WebhooksController } from './controllers/webhooks.controller';

/** REST management of outbound webhook connections: controller, DTOs and mapping only. */
@Module({ imports: [IntegrationsModule], controllers: [WebhooksController] })
export class WebhooksModule {}
