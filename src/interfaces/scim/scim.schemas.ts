import type { z } from 'zod';
import type { ScimResourceType, ScimSchema, ScimServiceProviderConfig } from './schemas/scim-discovery.schema';

/** SCIM 2.0 schema URNs and the discovery documents (RFC 7643 §5-8, RFC 7644 §4). */
export const CORE_USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const ENTERPRISE_USER = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const LIST_RESPONSE = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const SP_CONFIG = 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig';
export const RESOURCE_TYPE = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType';
export const SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Schema';

export const SCIM_CONTENT_TYPE = 'application/scim+json';
/** GET /Users page size: default and maximum (spec 8). */
export const DEFAULT_COUNT = 100;
export const MAX_COUNT = 200;

export interface ListResponse<T> {
  schemas: string[];
  totalResults: number;
  startIndex: number;
  itemsPerPage: number;
  Resources: T[];
}

export function listResponse<T>(resources: T[], totalResults: number, startIndex: number): ListResponse<T> {
  return { schemas: [LIST_RESPONSE], totalResults, startIndex, itemsPerPage: resources.length, Resources: resources };
}

export function serviceProviderConfig(base: string): z.output<typeof ScimServiceProviderConfig> {
  return {
    schemas: [SP_CONFIG],
    documentationUri: `${base}/api/docs`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_COUNT },
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
    meta: { resourceType: 'ServiceProviderConfig', location: `${base}/api/scim/v2/ServiceProviderConfig` },
  };
}

export function resourceTypes(base: string): z.output<typeof ScimResourceType>[] {
  return [
    {
      schemas: [RESOURCE_TYPE],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      description: 'CRM user account',
      schema: CORE_USER,
      schemaExtensions: [{ schema: ENTERPRISE_USER, required: false }],
      meta: { resourceType: 'ResourceType', location: `${base}/api/scim/v2/ResourceTypes/User` },
    },
  ];
}

type Attr = z.output<typeof ScimSchema>['attributes'][number];
const attr = (name: string, extra: Partial<Attr> = {}): Attr => ({
  name,
  type: 'string',
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...extra,
});
const multi = (name: string, description: string): Attr =>
  attr(name, {
    type: 'complex',
    multiValued: true,
    description,
    subAttributes: [attr('value'), attr('type', { canonicalValues: ['work'] }), attr('primary', { type: 'boolean' })],
  });

export function schemas(base: string): z.output<typeof ScimSchema>[] {
  return [
    {
      schemas: [SCHEMA],
      id: CORE_USER,
      name: 'User',
      description: 'User account',
      attributes: [
        attr('userName', { required: true, uniqueness: 'server', description: 'Sign-in name; the e-mail address unless emails gives another. Unique per workspace, compared ignoring letter case.' }),
        attr('externalId', { caseExact: true, description: 'Identifier of the user in the identity provider.' }),
        attr('displayName', { description: 'Full name shown in the CRM.' }),
        attr('name', {
          type: 'complex',
          description: 'Parts of the name.',
          subAttributes: [attr('formatted', { mutability: 'readOnly' }), attr('givenName'), attr('familyName')],
        }),
        attr('active', { type: 'boolean', description: 'false: the user cannot sign in and every session and key is revoked. Activation needs a free licence seat.' }),
        multi('emails', 'The work e-mail address (one).'),
        multi('phoneNumbers', 'The work phone number (one).'),
      ],
      meta: { resourceType: 'Schema', location: `${base}/api/scim/v2/Schemas/${CORE_USER}` },
    },
    {
      schemas: [SCHEMA],
      id: ENTERPRISE_USER,
      name: 'EnterpriseUser',
      description: 'Enterprise User',
      attributes: [attr('department', { description: 'Department; users of one department form a team for visibility.' })],
      meta: { resourceType: 'Schema', location: `${base}/api/scim/v2/Schemas/${ENTERPRISE_USER}` },
    },
  ];
}
