import type { z } from 'zod';
import { DomainError } from '../../platform/common/errors';
import type { DirectoryUserInput } from '../../domain/identity/user-directory.service';
import type { User } from '../../domain/identity/user.entity';
import { keyOf, parseAttrPath } from './filter';
import { CORE_USER, ENTERPRISE_USER } from './scim.schemas';
import type { ScimUser as ScimUserSchema } from './schemas/scim-user.schema';

/** A SCIM User resource as plain JSON (PATCH works on it, `attributes` select from it). */
export type ScimUser = Record<string, unknown>;

const invalidValue = (detail: string): DomainError => new DomainError('invalid', detail, { scimType: 'invalidValue' });
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The user as a SCIM resource; unassigned attributes are left out (RFC 7643 §2.5). */
export function toScimUser(user: User, base: string): z.output<typeof ScimUserSchema> {
  let given = user.givenName;
  let family = user.familyName;
  if (!given && !family) {
    // users created in the CRM have only a full name: its last word is taken as the family name
    const words = user.fullName.trim().split(/\s+/).filter(Boolean);
    family = words.length > 1 ? words.pop()! : '';
    given = words.join(' ');
  }
  return {
    schemas: [CORE_USER, ENTERPRISE_USER],
    id: String(user.id),
    ...(user.externalId ? { externalId: user.externalId } : {}),
    userName: user.idpUserName ?? user.username,
    name: { formatted: user.fullName, ...(given ? { givenName: given } : {}), ...(family ? { familyName: family } : {}) },
    displayName: user.fullName,
    active: user.active,
    emails: [{ value: user.email, type: 'work', primary: true }],
    ...(user.phone ? { phoneNumbers: [{ value: user.phone, type: 'work', primary: true }] } : {}),
    [ENTERPRISE_USER]: user.department ? { department: user.department } : {},
    meta: {
      resourceType: 'User',
      created: user.createdAt.toISOString(),
      lastModified: user.updatedAt.toISOString(),
      location: `${base}/api/scim/v2/Users/${user.id}`,
    },
  };
}

function get(obj: Record<string, unknown>, name: string): unknown {
  const k = keyOf(obj, name);
  return k === undefined ? undefined : obj[k];
}

function text(value: unknown, field: string, max: number): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw invalidValue(`${field}: must be a string`);
  const v = value.trim();
  if (v.length > max) throw invalidValue(`${field}: at most ${max} characters`);
  return v;
}

/** `active` as Okta (boolean) and Entra (the strings "True" / "False") send it. */
export function activeOf(value: unknown, field = 'active'): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value.trim())) return value.trim().toLowerCase() === 'true';
  throw invalidValue(`${field}: must be true or false`);
}

/** The chosen value of a multi-valued attribute: the primary one, else the work one, else the first. */
function chosen(value: unknown, field: string, max: number): string | undefined {
  if (value === undefined || value === null) return undefined;
  const list = Array.isArray(value) ? value : [value];
  if (list.length > 100) throw invalidValue(`${field}: at most 100 values`);
  const items = list.map((item, i) => {
    if (typeof item === 'string') return { value: item, type: '', primary: false };
    if (!isObject(item)) throw invalidValue(`${field}[${i}]: must be an object with value, type and primary`);
    const primary = get(item, 'primary');
    return {
      value: text(get(item, 'value'), `${field}[${i}].value`, max),
      type: typeof get(item, 'type') === 'string' ? (get(item, 'type') as string).toLowerCase() : '',
      primary: primary === true || (typeof primary === 'string' && primary.toLowerCase() === 'true'),
    };
  });
  const withValue = items.filter((x) => x.value);
  return (withValue.find((x) => x.primary) ?? withValue.find((x) => x.type === 'work') ?? withValue[0])?.value;
}

/**
 * A SCIM User resource (POST, PUT, or the result of PATCH operations) as directory input. Attribute
 * names are matched ignoring case; attributes the CRM does not keep (password, groups, roles, title,
 * addresses, …) are ignored, and roles and modules are never taken from SCIM. An attribute that is
 * left out is cleared (replace semantics), except `active`, which keeps `currentActive`.
 */
export function fromScimUser(body: unknown, currentActive: boolean): DirectoryUserInput {
  if (!isObject(body)) throw new DomainError('invalid', 'body: must be a SCIM User object', { scimType: 'invalidSyntax' });
  const userName = text(get(body, 'userName'), 'userName', 254);
  if (!userName) throw invalidValue('userName: is required');
  const nameValue = get(body, 'name');
  if (nameValue !== undefined && nameValue !== null && !isObject(nameValue)) throw invalidValue('name: must be an object');
  const name = isObject(nameValue) ? nameValue : {};
  const ext = get(body, ENTERPRISE_USER);
  if (ext !== undefined && ext !== null && !isObject(ext)) throw invalidValue(`${ENTERPRISE_USER}: must be an object`);
  const activeValue = get(body, 'active');
  const externalId = text(get(body, 'externalId'), 'externalId', 255);
  const email = chosen(get(body, 'emails'), 'emails', 254) ?? userName;
  return {
    userName,
    email: email.toLowerCase(),
    givenName: text(get(name, 'givenName'), 'name.givenName', 100),
    familyName: text(get(name, 'familyName'), 'name.familyName', 100),
    displayName: text(get(body, 'displayName'), 'displayName', 200) || text(get(name, 'formatted'), 'name.formatted', 200),
    department: isObject(ext) ? text(get(ext, 'department'), 'department', 100) : '',
    phone: chosen(get(body, 'phoneNumbers'), 'phoneNumbers', 50) ?? '',
    externalId: externalId || null,
    active: activeValue === undefined || activeValue === null ? currentActive : activeOf(activeValue),
  };
}

const MAX_LIST = 50;

function pathsOf(list: string | undefined, field: string): { uri: string | null; name: string; sub: string | null }[] {
  if (!list) return [];
  if (list.length > 2000) throw invalidValue(`${field}: at most 2000 characters`);
  const items = list.split(',').map((s) => s.trim()).filter(Boolean);
  if (items.length > MAX_LIST) throw invalidValue(`${field}: at most ${MAX_LIST} attributes`);
  return items.map((item) => {
    for (const urn of [ENTERPRISE_USER, CORE_USER]) {
      if (item.toLowerCase() === urn.toLowerCase()) return { uri: urn.toLowerCase(), name: '', sub: null };
    }
    const p = parseAttrPath(item, (d) => invalidValue(`${field}: ${d}`));
    return { uri: p.uri, name: p.name, sub: p.sub };
  });
}

/**
 * `attributes` / `excludedAttributes` (RFC 7644 §3.4.2.5): id and schemas are always returned. Paths may
 * carry the schema URN and a sub-attribute (`name.givenName`, `urn:…:enterprise:2.0:User:department`).
 */
export function project(resource: ScimUser, attributes?: string, excluded?: string): ScimUser {
  const keep = pathsOf(attributes, 'attributes');
  const drop = pathsOf(excluded, 'excludedAttributes');
  if (!keep.length && !drop.length) return resource;
  const isExt = (p: { uri: string | null }) => p.uri === ENTERPRISE_USER.toLowerCase();
  const extKey = ENTERPRISE_USER;
  if (keep.length) {
    const out: ScimUser = { schemas: resource.schemas, id: resource.id };
    for (const p of keep) {
      if (isExt(p)) {
        const ext = (resource[extKey] ?? {}) as Record<string, unknown>;
        if (!p.name) out[extKey] = ext;
        else {
          const k = keyOf(ext, p.name);
          if (k !== undefined) out[extKey] = { ...((out[extKey] as Record<string, unknown>) ?? {}), [k]: ext[k] };
        }
        continue;
      }
      if (!p.name) continue;
      const k = keyOf(resource, p.name);
      if (k === undefined || k === 'schemas' || k === 'id') continue;
      const v = resource[k];
      if (p.sub && isObject(v)) {
        const sk = keyOf(v, p.sub);
        if (sk !== undefined) out[k] = { ...((out[k] as Record<string, unknown>) ?? {}), [sk]: v[sk] };
      } else if (p.sub && Array.isArray(v)) {
        out[k] = v.map((item) => (isObject(item) && keyOf(item, p.sub!) !== undefined ? { [keyOf(item, p.sub!)!]: item[keyOf(item, p.sub!)!] } : {}));
      } else out[k] = v;
    }
    return out;
  }
  const out: ScimUser = { ...resource };
  for (const p of drop) {
    if (isExt(p)) {
      if (!p.name) delete out[extKey];
      else if (isObject(out[extKey])) {
        const ext = { ...(out[extKey] as Record<string, unknown>) };
        const k = keyOf(ext, p.name);
        if (k !== undefined) delete ext[k];
        out[extKey] = ext;
      }
      continue;
    }
    const k = p.name ? keyOf(out, p.name) : undefined;
    if (k === undefined || k === 'schemas' || k === 'id') continue;
    const v = out[k];
    if (p.sub && isObject(v)) {
      const copy = { ...v };
      const sk = keyOf(copy, p.sub);
      if (sk !== undefined) delete copy[sk];
      out[k] = copy;
    } else if (!p.sub) delete out[k];
  }
  return out;
}
