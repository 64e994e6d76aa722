/**
 * Pure rules of fair leads (test/unit/leads/lead-rules.spec.ts): the people list a conversion maps by index,
 * the effective status, and the reading of a conversion's `people` map.
 */
import { invalid } from '../../../platform/common/errors';
import type { WorkspaceConstants } from '../../workspace/workspace.entity';
import type { Lead, LeadPerson } from './lead.entity';

/**
 * The lead's people as the record shows them and `convert` maps them (by index): the primary contact
 * (contact_name, title, email, phone) first when it has a name, then the extra people.
 */
export function leadPeople(l: Pick<Lead, 'contactName' | 'title' | 'email' | 'phone' | 'contactCid' | 'people'>): LeadPerson[] {
  const primary: LeadPerson[] = l.contactName.trim() ? [{ name: l.contactName, title: l.title, email: l.email, phone: l.phone, cid: l.contactCid }] : [];
  return [...primary, ...(l.people ?? [])];
}

/** `Name, Title` (or the part that is set). */
export const contactLabel = (l: Pick<Lead, 'contactName' | 'title'>): string => [l.contactName.trim(), l.title.trim()].filter(Boolean).join(', ');

/**
 * The status the lead counts as: the won status whenever its opportunity is in the won stage; else the
 * stored status while it is a known one (a lead status or the won status); a status no longer in the
 * workspace's constants (renamed since) counts as the new status.
 */
export function statusEff(c: Pick<WorkspaceConstants, 'lead_statuses' | 'lead_status_won' | 'lead_status_new'>, status: string, oppWon: boolean): string {
  if (oppWon) return c.lead_status_won;
  if (status === c.lead_status_won || c.lead_statuses.includes(status)) return status;
  return c.lead_status_new;
}

/** What a conversion does with one person of the lead. */
export type PersonChoice = 'new' | 'skip' | { id: number };

/**
 * Reads a conversion's `people` map (index as a string key → `new`, `skip` or a contact id) against a
 * list of `count` people; people not named get `new`. Bad keys or values are 400 naming `people.<key>`.
 */
export function personChoices(map: Record<string, unknown> | undefined, count: number): PersonChoice[] {
  const out: PersonChoice[] = Array.from({ length: count }, () => 'new' as const);
  for (const [key, v] of Object.entries(map ?? {})) {
    const field = `people.${key}`.slice(0, 100);
    if (!/^(0|[1-9]\d{0,3})$/.test(key) || Number(key) >= count) {
      throw invalid(field, count ? `not a person of the lead; indexes are 0 to ${count - 1}` : 'the lead has no people');
    }
    const i = Number(key);
    if (v === 'new' || v === 'skip') out[i] = v;
    else if (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 2_147_483_647) out[i] = { id: v };
    else if (typeof v === 'string' && /^[1-9]\d{0,9}$/.test(v) && Number(v) <= 2_147_483_647) out[i] = { id: Number(v) };
    else throw invalid(field, 'must be "new", "skip" or a contact id');
  }
  return out;
}
