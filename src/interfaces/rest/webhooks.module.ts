import { Module } from '@nestjs/common';
import { IntegrationsModule } from '../../domain/integrations/integrations.module';
import { WebhooksController } from './webhooks/webhooks.controller';
import { EventsController } from './events/events.controller';
import { JournalModule } from '../../domain/crm/journal';

/**
 * REST management of outbound webhook connections: controller, DTOs and mapping only. Part of the REST
 * interface, but its own module imported after SCIM and ERP: the OpenAPI document lists paths (and their
 * schemas) in module order, so folding it into RestModule would reorder openapi.json (same content).
 */
@Module({ imports: [IntegrationsModule, JournalModule], controllers: [WebhooksController, EventsController] })
export class WebhooksModule {}
