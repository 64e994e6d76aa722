import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config';
import { ChatModelClient } from '../../../platform/net/chat-model';
import { NetworkPolicy } from '../../../platform/net/network-policy';
import { SafeHttpClient } from '../../../platform/net/safe-http';
import { askConfigured } from '../../identity/ask-access';
import { ASK_MODEL, AskService } from './ask.service';

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
 * Ask: a question about the caller's CRM data answered by a language model that reads the data through the
 * MCP read tools (ASK_TOOLS, provided by the MCP interface's module for the whole application).
 */
@Module({ providers: [AskService, askModel], exports: [AskService] })
export class AskModule {}
