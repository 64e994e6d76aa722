import { Module } from '@nestjs/common';
import { AskModule } from '../../../domain/crm/ask';
import { AskController } from './ask.controller';

/**
 * POST /api/v1/ask. Part of the REST interface, but its own module imported right after the MCP module: the
 * OpenAPI document lists paths (and their schemas) in module order, and Ask's place follows /mcp.
 */
@Module({ imports: [AskModule], controllers: [AskController] })
export class AskApiModule {}
