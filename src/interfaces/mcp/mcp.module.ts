import { Module } from '@nestjs/common';
import { CrmModule } from '../../domain/crm/crm.module';
import { McpController } from './mcp.controller';
import { McpEndpoint } from './mcp.endpoint';
import { McpCallAudit } from '../../domain/identity/mcp-call-audit';
import { McpElicitations } from './mcp.elicitation';
import { McpPrompts } from './mcp.prompts';
import { McpResources } from './mcp.resources';
import { McpTools } from './mcp.tools';

/** The MCP endpoint /mcp: the SDK's server per request, and tools over the CRM services. */
@Module({ imports: [CrmModule], providers: [McpEndpoint, McpTools, McpResources, McpPrompts, McpElicitations, McpCallAudit], controllers: [McpController] })
export class McpModule {}
