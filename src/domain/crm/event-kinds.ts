import { discover, discovered } from '../../platform/common/discover';
import { isEventKindList, registerEventKindLists, type EventName } from '../../platform/outbox/event-kinds';

/**
 * Where a feature declares its event kinds: beside its record's read model (`<feature>/<record>.view.ts`), since an
 * event's data is the record as the outside sees it, or in an event file of its own (`<feature>/<name>-events.ts`)
 * for events that are no one record's (a form's submission, the ERP's alert) or a read model with no room left.
 */
export const EVENT_FILES = /^[^/]+\/[^/]+(?:-events|\.view)\.(?:ts|js)$/;

/**
 * The event kinds the CRM's features declare, registered with the outbox's registry when the CRM is loaded
 * (crm.module.ts imports this file): every file of `EVENT_FILES`, found in the folders, exports its kinds as an
 * `EventKindList` whose `place` gives the order webhooks, the journal and the API list them (spec 6.1's first, then
 * the alerts beyond it; each file states its own place). A new kind is its feature's; no list here to edit.
 */
export const CRM_EVENT_KINDS = registerEventKindLists(discovered(discover(__dirname, EVENT_FILES), isEventKindList));

/** A kind the CRM declares: every name the features add to the outbox's `EventNames`. */
export type CrmEventName = EventName;

/** The names, in order (webhook subscriptions, the journal's `event` filter). */
export const CRM_EVENT_NAMES = CRM_EVENT_KINDS.map((k) => k.name) as [CrmEventName, ...CrmEventName[]];
