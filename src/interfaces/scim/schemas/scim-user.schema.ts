import { z } from 'zod';
import { example, named } from '../../../edge/openapi/schema';
import { CORE_USER, ENTERPRISE_USER, GROUP, LIST_RESPONSE } from '../scim.schemas';

const MultiValue = z.object({
  value: z.string().optional(),
  type: z.string().optional().meta({ description: 'always `work` as written by the CRM' }),
  primary: z.boolean().optional(),
});

/**
 * Spec 2.14. Every attribute but `schemas` and `id` may be left out: unassigned ones (externalId, a name part,
 * phoneNumbers) are not written (RFC 7643 2.5), and GET takes `attributes` / `excludedAttributes`, which also
 * apply to sub-attributes (`name.givenName`, `emails.value`).
 */
export const ScimUser = named(
  'ScimUser',
  z.object({
    schemas: z.array(z.string()).meta({ description: 'the core User schema and the enterprise extension' }),
    id: z.string().meta({ description: "the CRM user's integer id, as a string" }),
    externalId: z.string().optional().meta({ description: "the user's id in the identity provider; absent when none was sent" }),
    userName: z.string().optional().meta({ description: 'the sign-in name (the e-mail address unless the identity provider sent another); unique per workspace, letter case ignored' }),
    name: z
      .object({ formatted: z.string().optional().meta({ description: 'the full name (read-only)' }), givenName: z.string().optional(), familyName: z.string().optional() })
      .optional(),
    displayName: z.string().optional().meta({ description: 'the full name shown in the CRM' }),
    active: z.boolean().optional().meta({ description: 'false: cannot sign in; every session, API key and OAuth token was revoked' }),
    emails: z.array(MultiValue).optional().meta({ description: 'the work e-mail address (one)' }),
    phoneNumbers: z.array(MultiValue).optional().meta({ description: 'the work phone number (one); absent when none' }),
    [ENTERPRISE_USER]: z
      .object({ department: z.string().optional().meta({ description: 'users of one department form a team (visibility)' }) })
      .optional()
      .meta({ description: 'the enterprise extension; `{}` without a department' }),
    meta: z
      .object({
        resourceType: z.literal('User').optional(),
        created: z.string().optional().meta({ format: 'date-time' }),
        lastModified: z.string().optional().meta({ format: 'date-time' }),
        location: z.string().optional().meta({ description: 'the URL of this resource' }),
      })
      .optional(),
  }),
  {
    description:
      'A SCIM User (spec 2.14, RFC 7643 4.1). Only `schemas` and `id` are always present: unassigned attributes are left out, and GET ' +
      'returns only what `attributes` / `excludedAttributes` select.',
  },
);
export const scimUserExample = example(ScimUser, {
  schemas: [CORE_USER, ENTERPRISE_USER],
  id: '12',
  externalId: '00u1ab2cd3EF4gh5i6j7',
  userName: 'ayse@example.com',
  name: { formatted: 'Ayşe Yılmaz', givenName: 'Ayşe', familyName: 'Yılmaz' },
  displayName: 'Ayşe Yılmaz',
  active: true,
  emails: [{ value: 'ayse@example.com', type: 'work', primary: true }],
  phoneNumbers: [{ value: '+90 532 555 01 02', type: 'work', primary: true }],
  [ENTERPRISE_USER]: { department: 'Sales North' },
  meta: { resourceType: 'User', created: '2026-03-02T09:00:00.000Z', lastModified: '2026-03-02T09:00:00.000Z', location: 'https://acme.example.com/api/scim/v2/Users/12' },
});

const listFields = {
  schemas: z.array(z.literal(LIST_RESPONSE)),
  totalResults: z.int().min(0).meta({ description: 'all matches, not only this page' }),
  startIndex: z.int().min(1),
  itemsPerPage: z.int().min(0).meta({ description: 'the number of Resources on this page' }),
};

/** A SCIM ListResponse (RFC 7644 3.4.2) of Resources of one schema. */
export function scimListOf<T extends z.ZodType>(id: string, item: T, description: string) {
  return named(id, z.object({ ...listFields, Resources: z.array(item) }), { description });
}

export const ScimUserList = scimListOf('ScimListResponse', ScimUser, 'A page of SCIM Users (RFC 7644 3.4.2; spec 4.11).');
example(ScimUserList, { schemas: [LIST_RESPONSE], totalResults: 1, startIndex: 1, itemsPerPage: 1, Resources: [scimUserExample] });

/** Groups are not synced: the list is always empty. */
export const ScimGroupList = named(
  'ScimGroupList',
  z.object({
    ...listFields,
    Resources: z.array(z.object({ schemas: z.array(z.literal(GROUP)), id: z.string(), displayName: z.string() })).max(0).meta({ description: 'always empty' }),
  }),
  { description: 'The SCIM Groups list: always empty, groups are not synced (spec 4.11).', example: { schemas: [LIST_RESPONSE], totalResults: 0, startIndex: 1, itemsPerPage: 0, Resources: [] } },
);
