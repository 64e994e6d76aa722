import type { SchemaObject } from '@nestjs/swagger';
import { z } from 'zod';
import { named } from '../../edge/openapi/schema';

const RpcId = z.union([z.string(), z.int()]);

/** One JSON-RPC 2.0 response: `result` or `error`. */
const RpcResponse = z.object({
  jsonrpc: z.literal('2.0'),
  id: RpcId.nullable(),
  result: z.record(z.string(), z.unknown()).optional().meta({ description: 'the method\'s result (MCP: initialize, tools/list, tools/call, ping)' }),
  error: z.object({ code: z.int(), message: z.string(), data: z.unknown().optional() }).optional().meta({ description: 'a JSON-RPC error (e.g. -32601 unknown method, -32602 invalid params)' }),
});

/** POST /mcp: the answer to a message, or to a batch. */
export const McpResponse = named('McpResponse', z.union([RpcResponse, z.array(RpcResponse)]), {
  description: 'The JSON-RPC 2.0 response to the request (an array for a batch), application/json: this server does not stream.',
  example: {
    jsonrpc: '2.0',
    id: 2,
    result: { content: [{ type: 'text', text: '{"id":42,"rid":"C-42","name":"Anadolu Ambalaj A.Ş."}' }], isError: false },
  },
});

const REQUEST: SchemaObject = {
  type: 'object',
  properties: {
    jsonrpc: { type: 'string', enum: ['2.0'] },
    id: { oneOf: [{ type: 'string' }, { type: 'integer' }], description: 'absent for a notification (answered 202 without a body)' },
    method: { type: 'string', description: 'initialize, notifications/initialized, ping, tools/list, tools/call' },
    params: { type: 'object', additionalProperties: true, description: 'tools/call: `{name, arguments}`' },
  },
  required: ['jsonrpc', 'method'],
};

/** The request body: one JSON-RPC message or a batch of 1-20. */
export const MCP_REQUEST: SchemaObject = {
  oneOf: [REQUEST, { type: 'array', items: REQUEST, minItems: 1, maxItems: 20 }],
  example: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'get_record', arguments: { id: 'C-42' } } },
};

/** POST /mcp as an event stream: only a tools/call that may ask the user first (elicitation) is answered so. */
export const McpEventStream = named(
  'McpEventStream',
  z.string().meta({
    description:
      'Server-sent events, each `event: message` with one JSON-RPC message as `data`: an `elicitation/create` request (id `confirm-…`, which the client answers by POSTing a JSON-RPC response to /mcp, answered 202), then the response to the call.',
  }),
  { description: 'The event stream of a call that asks the user first.', example: 'event: message\ndata: {"jsonrpc":"2.0","id":"confirm-…","method":"elicitation/create","params":{…}}\n\n' },
);
