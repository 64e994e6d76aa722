import { Module } from '@nestjs/common';
import { CrmModule } from '../../domain/crm/crm.module';
import { McpController } from './mcp.controller';
import { McpEndpoint } from './mcp.endpoint';
import { McpTools } from './mcp.tools';

/** The MCP endpoint /mcp: the SDK's server per request, and tools over the CRM services. */
@Module({ imports: [CrmModule], providers: [McpEndpoint, McpTools], controllers: [McpController] })
export class McpModule {}
