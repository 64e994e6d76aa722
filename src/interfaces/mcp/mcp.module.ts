import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../platform/config/app-config';
import { ChatModelClient } from '../../platform/net/chat-model';
import { SafeHttpClient } from '../../platform/net/safe-http';
import { NetworkPolicy } from '../../platform/net/network-policy';
import { askConfigured } from '../../domain/identity/ask-access';
import { CrmModule } from '../../domain/crm/crm.module';
import { AskController } from './ask.controller';
import { ASK_MODEL, AskService } from './ask.service';
import { McpController } from './mcp.controller';
import { McpEndpoint } from './mcp.endpoint';
import { McpCallAudit } from '../../domain/identity/mcp-call-audit';
import { McpElicitations } from './mcp.elicitation';
import { McpPrompts } from './mcp.prompts';
import { McpResources } from './mcp.resources';
import { McpTools } from './mcp.tools';
import { ExportLinks } from '../../edge/export-links';

/** Ask's language model (ASK_LLM_URL, trusted as configured); each call bounded by the question's deadline too. */
const askModel = {
  provide: ASK_MODEL,
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig): ChatModelClient | null => {
    const a = config.ask;
    if (!askConfigured(a)) return null;
    // the operator's own configuration: reached as configured (a model on loopback or the private network
    // needs no listing), unlike the destinations users set
    const http = new SafeHttpClient({ policy: NetworkPolicy.trusted(), timeoutMs: a.timeoutMs, maxSockets: 16 });
    return new ChatModelClient(http, { url: a.url!, model: a.model!, key: a.key });
  },
};

/**
 * The MCP endpoint /mcp (the SDK's server per request, tools over the CRM services) and Ask (POST
 * /api/v1/ask: a language model that calls the same read tools as the caller).
 */
@Module({ imports: [CrmModule], providers: [McpEndpoint, McpTools, ExportLinks, McpResources, McpPrompts, McpElicitations, McpCallAudit, AskService, askModel], controllers: [McpController, AskController] })
export class McpModule {}
