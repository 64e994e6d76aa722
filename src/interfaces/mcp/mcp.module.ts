import { Global, Module } from '@nestjs/common';
import { ASK_TOOLS } from '../../domain/crm/ask';
import { CrmModule } from '../../domain/crm/crm.module';
import { McpController } from './mcp.controller';
import { McpEndpoint } from './mcp.endpoint';
import { McpCallAudit } from '../../domain/identity/mcp-call-audit';
import { McpElicitations } from './mcp.elicitation';
import { McpPrompts } from './mcp.prompts';
import { McpResources } from './mcp.resources';
import { McpTools } from './mcp.tools';
import { ExportLinks } from '../../edge/export-links';

/**
 * The MCP endpoint /mcp (the SDK's server per request, tools over the CRM services). Global for one
 * provider: its read tools are Ask's (ASK_TOOLS), which the domain's AskService injects without importing
 * this interface.
 */
@Global()
@Module({
  imports: [CrmModule],
  providers: [McpEndpoint, McpTools, ExportLinks, McpResources, McpPrompts, McpElicitations, McpCallAudit, { provide: ASK_TOOLS, useExisting: McpTools }],
  exports: [ASK_TOOLS],
  controllers: [McpController],
})
export class McpModule {}
