import { applyDecorators } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';

/** The tags of the document: spec section 1's feature areas, then ours for what the spec does not tag. */
export const API_TAGS = {
  Authentication: 'Sign-in, session tokens, the caller (`/me`) and invitations. Spec 4.1.',
  Workspace: 'The day (`/today`), deletions for sync, the product catalogue, and the health check. Spec 4.2.',
  Companies: 'Companies (customers and prospects). Spec 4.2 customer card, 4.13.',
  People: 'People (contacts) at companies. Spec 4.2 contact card, 4.13.',
  Opportunities: 'Opportunities (sales projects with stages) and their steps. Spec 2.6, 2.7, 4.4.',
  Activities: 'Activities and visits, and Quick Entry suggestions. Spec 4.8.',
  'Actions & tasks': 'Actions and tasks assigned to users. Spec 4.13.',
  Calendar: 'Calendar events. Spec 4.13.',
  'Trade fairs & leads': 'Trade fairs and the leads captured there, and their conversion. Spec 2.5, 4.3.',
  Email: "The user's mailbox and e-mail composition. Spec 4.9.",
  Ask: 'Questions about the CRM data in plain language. Spec 1.',
  'SCIM 2.0': 'User provisioning by an identity provider, and its connection settings. Spec 2.14, 4.11.',
  'OAuth 2.1': 'The authorization server, discovery documents, the MCP endpoint and connected apps. Spec 2.15, 4.12, 5.',
  Orders: 'Sales orders and their customer PO numbers. Spec 2.8, 4.5.',
  ERP: 'The ERP order exchange (`/api/erp/v1`) and its connection settings. Spec 2.9, 4.6.',
  Approvals: 'Approval lists, requests and decisions. Spec 2.17, 4.10.',
  Webhooks: 'Outbound signed webhooks and their deliveries. Spec 2.16, 6.',
  'Custom objects': 'Custom object definitions and their records. Spec 2.10, 4.7.',
  'Website forms': 'Forms on the customer\'s website that create leads (beyond the spec: docs/decisions/objects-approvals-forms.md).',
  'Inbound hooks': 'JSON posted by a website or an automation (Typeform, Zapier, Make, n8n) that becomes a lead, company, person or task (spec 6.1 names them as an origin of changes; beyond the spec: docs/decisions/inbound-hooks.md).',
  Workflows: 'Rules by which the CRM acts on its own events, a record, an inbound hook or the clock: create tasks, set fields, move stages through the gates, add notes and calendar entries (spec 6.1 names workflows as an origin of changes; beyond the spec: docs/decisions/workflows.md).',
  Support: 'Support tickets (beyond the spec: docs/decisions/crm-records.md).',
  Reports: 'Pipeline movement, forecast and quotas, win rate and funnel, computed from the opportunities\' history as of any past date (docs/decisions/reports.md). Spec 2.6, 2.7.',
  'Import & export': 'Import jobs for CSV and XLSX files (upload, map, dry run, run, cancel, revert; events per spec 6.1 exception 2) and record lists exported as CSV or XLSX files with the lists\' filters and visibility (beyond the spec: docs/decisions/import.md, docs/decisions/import-export.md).',
  Connections: 'One console for every connection: grants, keys, webhooks and chat with their health, revoke and rotate (beyond the spec: see docs/decisions/webhooks-and-events.md).',
} as const;
export type ApiTag = keyof typeof API_TAGS;

/** A success answer: the status (default: the route's own, 200, or 201 for POST) and its body schema. */
export interface ApiSuccess {
  status?: number;
  /** A schema registered with named(); absent for an answer without a body (204, 302). */
  schema?: z.ZodType;
  description?: string;
  /** Default by interface: application/json, SCIM application/scim+json. */
  contentType?: string;
  /** Response headers the answer carries (name -> description), e.g. Location of a 302. */
  headers?: Record<string, string>;
}

export interface ApiDocSpec {
  /** operationId: a camelCase verb phrase, unique in the document (listCompanies, toggleStep). */
  id: string;
  /** One line: what the operation does. */
  summary: string;
  /** What it does, its rules and side effects (events, what a caller may not see). */
  description: string;
  /** The spec section it implements, e.g. '4.3'; absent for what the spec does not describe. */
  spec?: string;
  /** Overrides the controller's tag. */
  tag?: ApiTag;
  ok: z.ZodType | ApiSuccess | ApiSuccess[];
  /**
   * Error statuses beyond those the document adds by itself (401/403/429 from @Auth, 400 for a body or
   * query, 404 for a path parameter, 413/415 for a body), each with when it happens.
   */
  errors?: Partial<Record<number, string>>;
}

export interface RegisteredDoc {
  spec: ApiDocSpec;
  handler: (...args: never[]) => unknown;
}

const docs = new Map<string, RegisteredDoc>();

/** The documentation of the operation with this id (read by the document builder). */
export function docOf(operationId: string): RegisteredDoc | undefined {
  return docs.get(operationId);
}

const OPERATION_ID = /^[a-z][A-Za-z0-9]*$/;

/**
 * One declaration per route of what the OpenAPI document says about it: summary, description, spec
 * section, success schema and the errors beyond the automatic ones. src/edge/openapi/document.ts turns
 * it into the operation's responses; test/unit/api/openapi-document.spec.ts fails on an operation without it.
 */
export function ApiDoc(spec: ApiDocSpec): MethodDecorator {
  if (!OPERATION_ID.test(spec.id)) throw new Error(`operationId ${spec.id}: camelCase`);
  const register: MethodDecorator = (_target, _key, descriptor) => {
    const prior = docs.get(spec.id);
    if (prior && prior.handler !== descriptor.value) throw new Error(`operationId ${spec.id} is used twice`);
    docs.set(spec.id, { spec, handler: descriptor.value as RegisteredDoc['handler'] });
  };
  return applyDecorators(
    ApiOperation({ operationId: spec.id, summary: spec.summary, description: spec.description }),
    ...(spec.tag ? [ApiTags(spec.tag)] : []),
    register,
  );
}
