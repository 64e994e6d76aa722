import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type pino from 'pino';
import { ROOT_LOGGER } from '../../../platform/common/logger';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import { linkBaseOf } from '../../../edge/base-url';
import type { CrmRequest } from '../../../edge/crm-request';
import { ApiDoc } from '../../../edge/openapi/api-doc.decorator';
import { AskService } from '../../../domain/crm/ask';
import type { UserContext } from '../../../domain/identity/auth-context';
import { MODULES } from '../../../domain/workspace/defaults';
import { AskDto } from './ask.dto';
import { AskEventWriter, wantsEvents } from './ask.events';
import { AskEventStream, AskResponse } from './ask.schema';

/**
 * POST /api/v1/ask: one call into the domain's AskService, whose model reads through the MCP read tools
 * (the MCP interface provides them as ASK_TOOLS; this controller knows nothing of MCP).
 */
@ApiTags('Ask')
@Controller('api/v1/ask')
export class AskController {
  constructor(
    private readonly service: AskService,
    @Inject(ROOT_LOGGER) private readonly log: pino.Logger,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiDoc({
    id: 'ask',
    summary: 'Ask a question about the CRM data',
    description:
      "Answers a question about the caller's CRM data in the user's language (the user's locale, else the workspace's) through the configured " +
      'language model (an OpenAI-compatible chat-completions API with tool calling). The model reads the data only through the MCP read tools, ' +
      "called as the caller: the caller's visibility, modules and scope apply to every record it reads, and nothing the caller may not see is " +
      'sent to it. `sources` are the records the tools read. With `customer_id` or `opp_id` the question is about that record (404 when the caller ' +
      'may not see it). With `Accept: text/event-stream` the answer streams as Server-Sent Events (`tool`, `delta`, `done` or `error`: AskEventStream). ' +
      'Bounded per question: ASK_MAX_TOOL_CALLS tool calls and ASK_MAX_TOKENS tokens (then the model answers without more tools), ASK_TIMEOUT_MS in all, ' +
      'and ASK_RATE_LIMIT_PER_MINUTE questions per user (429). The question, the tools called and the answer are written to the audit log (`ask`). ' +
      '`ai` in GET /me (spec 2.4) says whether the caller may ask.',
    spec: '1',
    ok: [
      { schema: AskResponse, description: 'the answer (application/json)' },
      { schema: AskEventStream, contentType: 'text/event-stream', description: 'the answer as Server-Sent Events (`Accept: text/event-stream`)' },
    ],
    errors: {
      403: '`module`: Ask is not available, the message says why: no language model is configured on the server, or the Ask module is off in the licence or for the user (or the module of `customer_id` / `opp_id`)',
      404: '`not_found`: `customer_id` or `opp_id` is no record the caller may see, or the host names no workspace',
      502: "`upstream`: the language model failed, answered no answer, or the question's deadline (ASK_TIMEOUT_MS) passed",
    },
  })
  @Auth({ scope: 'crm.read', module: MODULES.ask })
  async ask(@CurrentAuth() auth: UserContext, @Body() dto: AskDto, @Req() req: CrmRequest, @Res() res: Response): Promise<void> {
    const at = { requestId: req.id, baseUrl: linkBaseOf(req) };
    if (!wantsEvents(req)) {
      res.status(200).json({ ok: true, ...(await this.service.ask(auth, dto, at)) });
      return;
    }
    const events = new AskEventWriter(res, this.log, req.id);
    try {
      events.done({ ok: true, ...(await this.service.ask(auth, dto, at, events, events.gone.signal)) });
    } catch (e) {
      events.fail(e);
    }
  }
}
