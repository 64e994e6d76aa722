import { Module } from '@nestjs/common';
import { CrmModule } from '../crm/crm.module';
import { McpController } from './mcp.controller';
import { McpServer } from './mcp.server';
import { McpTools } from './mcp.tools';

/** The MCP endpoint /mcp: protocol mapping and tools over the CRM services. */
@Module({ imports: [CrmModule], providers: [McpServer, McpTools], controllers: [McpController] })
export class McpModule {}
