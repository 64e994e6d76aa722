import { z } from 'zod';
import { example, named } from '../../../edge/openapi/schema';
import { CORE_USER, ENTERPRISE_USER, LIST_RESPONSE, RESOURCE_TYPE, SCHEMA, SP_CONFIG } from '../scim.schemas';
import { scimListOf } from './scim-user.schema';

const supported = z.object({ supported: z.boolean() });
const meta = (resourceType: string) => z.object({ resourceType: z.literal(resourceType), location: z.string().meta({ description: 'the URL of this document' }) });

/** RFC 7643 5. */
export const ScimServiceProviderConfig = named(
  'ScimServiceProviderConfig',
  z.object({
    schemas: z.array(z.literal(SP_CONFIG)),
    documentationUri: z.string().meta({ description: 'the API documentation of this installation' }),
    patch: supported,
    bulk: z.object({ supported: z.boolean(), maxOperations: z.int().min(0), maxPayloadSize: z.int().min(0) }),
    filter: z.object({ supported: z.boolean(), maxResults: z.int().min(1) }),
    changePassword: supported,
    sort: supported,
    etag: supported,
    authenticationSchemes: z.array(
      z.object({ type: z.string(), name: z.string(), description: z.string(), specUri: z.string(), primary: z.boolean() }),
    ),
    meta: meta('ServiceProviderConfig'),
  }),
  { description: 'What this SCIM service supports (RFC 7643 5): PATCH and filters (at most 200 results); no bulk, sort, ETags or password change.' },
);
example(ScimServiceProviderConfig, {
  schemas: [SP_CONFIG],
  documentationUri: 'https://acme.example.com/api/docs',
  patch: { supported: true },
  bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
  filter: { supported: true, maxResults: 200 },
  changePassword: { supported: false },
  sort: { supported: false },
  etag: { supported: false },
  authenticationSchemes: [
    {
      type: 'oauthbearertoken',
      name: 'OAuth Bearer Token',
      description: 'The SCIM key of the workspace, sent as Authorization: Bearer <key>. It is shown once on the SCIM connection card.',
      specUri: 'https://www.rfc-editor.org/info/rfc6750',
      primary: true,
    },
  ],
  meta: { resourceType: 'ServiceProviderConfig', location: 'https://acme.example.com/api/scim/v2/ServiceProviderConfig' },
});

/** RFC 7643 6. */
export const ScimResourceType = named(
  'ScimResourceType',
  z.object({
    schemas: z.array(z.literal(RESOURCE_TYPE)),
    id: z.string(),
    name: z.string(),
    endpoint: z.string(),
    description: z.string(),
    schema: z.string().meta({ description: 'the URN of the core schema' }),
    schemaExtensions: z.array(z.object({ schema: z.string(), required: z.boolean() })),
    meta: meta('ResourceType'),
  }),
  { description: 'A resource type (RFC 7643 6): only User, with the enterprise extension.' },
);
const resourceTypeExample = example(ScimResourceType, {
  schemas: [RESOURCE_TYPE],
  id: 'User',
  name: 'User',
  endpoint: '/Users',
  description: 'CRM user account',
  schema: CORE_USER,
  schemaExtensions: [{ schema: ENTERPRISE_USER, required: false }],
  meta: { resourceType: 'ResourceType', location: 'https://acme.example.com/api/scim/v2/ResourceTypes/User' },
});
export const ScimResourceTypeList = scimListOf('ScimResourceTypeList', ScimResourceType, 'The resource types (RFC 7644 4): only User.');
example(ScimResourceTypeList, { schemas: [LIST_RESPONSE], totalResults: 1, startIndex: 1, itemsPerPage: 1, Resources: [resourceTypeExample] });

const attributeFields = {
  name: z.string(),
  type: z.enum(['string', 'boolean', 'complex']),
  multiValued: z.boolean(),
  required: z.boolean(),
  caseExact: z.boolean(),
  mutability: z.enum(['readOnly', 'readWrite', 'immutable', 'writeOnly']),
  returned: z.enum(['always', 'never', 'default', 'request']),
  uniqueness: z.enum(['none', 'server', 'global']),
  description: z.string().optional(),
  canonicalValues: z.array(z.string()).optional(),
};
const Attribute = z.object({ ...attributeFields, subAttributes: z.array(z.object(attributeFields)).optional().meta({ description: 'the attributes of a complex attribute' }) });

/** RFC 7643 7. */
export const ScimSchema = named(
  'ScimSchema',
  z.object({ schemas: z.array(z.literal(SCHEMA)), id: z.string().meta({ description: 'the schema URN' }), name: z.string(), description: z.string(), attributes: z.array(Attribute), meta: meta('Schema') }),
  { description: 'A schema this service uses (RFC 7643 7): the core User and the enterprise User extension, with the attributes the CRM keeps.' },
);
const schemaExample = example(ScimSchema, {
  schemas: [SCHEMA],
  id: ENTERPRISE_USER,
  name: 'EnterpriseUser',
  description: 'Enterprise User',
  attributes: [
    {
      name: 'department', type: 'string', multiValued: false, required: false, caseExact: false, mutability: 'readWrite', returned: 'default', uniqueness: 'none',
      description: 'Department; users of one department form a team for visibility.',
    },
  ],
  meta: { resourceType: 'Schema', location: `https://acme.example.com/api/scim/v2/Schemas/${ENTERPRISE_USER}` },
});
export const ScimSchemaList = scimListOf('ScimSchemaList', ScimSchema, 'The schemas (RFC 7644 4): the core User and the enterprise User extension.');
example(ScimSchemaList, { schemas: [LIST_RESPONSE], totalResults: 2, startIndex: 1, itemsPerPage: 2, Resources: [schemaExample] });
