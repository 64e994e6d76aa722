import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Quick Entry constants for existing workspaces (docs/decisions/leads-and-quick-entry.md): templates, the
 * undo window, and the maps from the suggestion rules' next-step roles and trial outcomes to the
 * workspace's own next_actions and demo_results. A frozen copy of the defaults of that day, adapted to
 * each workspace so the result passes validation: a mapping whose value the workspace does not have is
 * left out, a template topic or visit type it does not have becomes ''. Keys a workspace already has win.
 * No table: templates are per-workspace configuration, edited with `constants:set` like the rest.
 */
const TEMPLATES = [
    {"id": 1, "name": "Customer visit", "icon": "handshake", "topic": "Relationship", "team": "", "vtype": "F2F", "is_default": true, "blocks": [{"k": "contact", "label": "", "cond": "", "st": "open", "req": true, "def": {}, "fl": []}, {"k": "opp", "label": "", "cond": "", "st": "chip", "req": false, "def": {}, "fl": []}, {"k": "product", "label": "", "cond": "", "st": "chip", "req": false, "def": {}, "fl": []}, {"k": "price", "label": "", "cond": "has_product", "st": "chip", "req": false, "def": {}, "fl": []}, {"k": "quantity", "label": "", "cond": "has_product", "st": "chip", "req": false, "def": {}, "fl": []}, {"k": "payment", "label": "", "cond": "has_opp", "st": "chip", "req": false, "def": {}, "fl": []}, {"k": "trial", "label": "", "cond": "", "st": "off", "req": false, "def": {}, "fl": []}, {"k": "next", "label": "", "cond": "", "st": "open", "req": true, "def": {"action": "Visit"}, "fl": []}]},
    {"id": 2, "name": "Phone call", "icon": "phone", "topic": "", "team": "", "vtype": "Call", "is_default": false, "blocks": [{"k": "contact", "label": "", "cond": "", "st": "open", "req": true, "def": {}, "fl": []}, {"k": "opp", "label": "", "cond": "", "st": "chip", "req": false, "def": {}, "fl": []}, {"k": "product", "label": "", "cond": "", "st": "chip", "req": false, "def": {}, "fl": []}, {"k": "price", "label": "", "cond": "", "st": "off", "req": false, "def": {}, "fl": []}, {"k": "quantity", "label": "", "cond": "", "st": "off", "req": false, "def": {}, "fl": []}, {"k": "payment", "label": "", "cond": "", "st": "off", "req": false, "def": {}, "fl": []}, {"k": "trial", "label": "", "cond": "", "st": "off", "req": false, "def": {}, "fl": []}, {"k": "next", "label": "", "cond": "", "st": "open", "req": true, "def": {"action": "Call"}, "fl": []}]},
    {"id": 3, "name": "Online meeting", "icon": "video", "topic": "Product presentation", "team": "", "vtype": "Online", "is_default": false, "blocks": [{"k": "contact", "label": "", "cond": "", "st": "open", "req": true, "def": {}, "fl": []}, {"k": "opp", "label": "", "cond": "", "st": "chip", "req": false, "def": {}, "fl": []}, {"k": "product", "label": "", "cond": "", "st": "chip", "req": false, "def": {}, "fl": []}, {"k": "price", "label": "", "cond": "has_product", "st": "chip", "req": false, "def": {}, "fl": []}, {"k": "quantity", "label": "", "cond": "", "st": "off", "req": false, "def": {}, "fl": []}, {"k": "payment", "label": "", "cond": "", "st": "off", "req": false, "def": {}, "fl": []}, {"k": "trial", "label": "", "cond": "", "st": "off", "req": false, "def": {}, "fl": []}, {"k": "next", "label": "", "cond": "", "st": "open", "req": true, "def": {"action": "Follow-up e-mail"}, "fl": []}]},
    {"id": 4, "name": "Trial follow-up", "icon": "flask", "topic": "Trial follow-up", "team": "", "vtype": "Deneme", "is_default": false, "blocks": [{"k": "contact", "label": "", "cond": "", "st": "open", "req": true, "def": {}, "fl": []}, {"k": "opp", "label": "", "cond": "", "st": "chip", "req": false, "def": {}, "fl": []}, {"k": "product", "label": "", "cond": "", "st": "open", "req": true, "def": {}, "fl": []}, {"k": "trial", "label": "", "cond": "is_trial", "st": "open", "req": true, "def": {}, "fl": []}, {"k": "quantity", "label": "", "cond": "", "st": "chip", "req": false, "def": {}, "fl": []}, {"k": "price", "label": "", "cond": "", "st": "off", "req": false, "def": {}, "fl": []}, {"k": "payment", "label": "", "cond": "", "st": "off", "req": false, "def": {}, "fl": []}, {"k": "next", "label": "", "cond": "", "st": "open", "req": true, "def": {"action": "Send offer"}, "fl": []}]},
    {"id": 5, "name": "Technical service visit", "icon": "wrench", "topic": "Complaint", "team": "Technical", "vtype": "", "is_default": false, "blocks": [{"k": "contact", "label": "", "cond": "", "st": "open", "req": true, "def": {}, "fl": []}, {"k": "product", "label": "", "cond": "", "st": "open", "req": true, "def": {}, "fl": []}, {"k": "trial", "label": "", "cond": "", "st": "chip", "req": false, "def": {}, "fl": []}, {"k": "opp", "label": "", "cond": "", "st": "off", "req": false, "def": {}, "fl": []}, {"k": "price", "label": "", "cond": "", "st": "off", "req": false, "def": {}, "fl": []}, {"k": "quantity", "label": "", "cond": "", "st": "off", "req": false, "def": {}, "fl": []}, {"k": "payment", "label": "", "cond": "", "st": "off", "req": false, "def": {}, "fl": []}, {"k": "next", "label": "", "cond": "", "st": "open", "req": false, "def": {"action": "Visit"}, "fl": []}]},
];
const REST = {"qe_undo_seconds": 8, "qe_next_action_roles": {"call": "Call", "visit": "Visit", "offer": "Send offer", "samples": "Send samples", "email": "Follow-up e-mail", "trial": "Trial", "meeting": "Meeting"}, "qe_trial_results": {"positive": "Successful", "partial": "Partly successful", "negative": "Unsuccessful", "ongoing": "Pending"}, "qe_visit_type_icons": {"F2F": "handshake", "Online": "video", "Call": "phone", "Deneme": "flask"}};
const NEW_KEYS = ['qe_templates', 'qe_undo_seconds', 'qe_next_action_roles', 'qe_trial_results', 'qe_visit_type_icons'];

type Constants = Record<string, unknown>;
const list = (c: Constants, key: string): string[] => (Array.isArray(c[key]) ? (c[key] as string[]) : []);
const only = (m: Record<string, string>, keep: (k: string, v: string) => boolean) => Object.fromEntries(Object.entries(m).filter(([k, v]) => keep(k, v)));

export function quickEntryConstantsFor(c: Constants): Constants {
  const actions = list(c, 'next_actions');
  const results = list(c, 'demo_results');
  const topics = list(c, 'visit_topics');
  const types = list(c, 'visit_types');
  return {
    qe_templates: TEMPLATES.map((t) => ({
      ...t,
      topic: topics.includes(t.topic) ? t.topic : '',
      vtype: types.includes(t.vtype) ? t.vtype : '',
      blocks: t.blocks.map((b) => ({ ...b, def: only(b.def as Record<string, string>, (k, v) => k !== 'action' || actions.includes(v)) })),
    })),
    qe_undo_seconds: REST.qe_undo_seconds,
    qe_next_action_roles: only(REST.qe_next_action_roles, (_k, v) => actions.includes(v)),
    qe_trial_results: only(REST.qe_trial_results, (_k, v) => results.includes(v)),
    qe_visit_type_icons: only(REST.qe_visit_type_icons, (k) => types.includes(k)),
  };
}

export class QuickEntry1795390000000 implements MigrationInterface {
  name = 'QuickEntry1795390000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    const rows: { id: number; constants: Constants }[] = await queryRunner.query(`SELECT "id", "constants" FROM "workspaces" ORDER BY "id"`);
    for (const row of rows) {
      await queryRunner.query(`UPDATE "workspaces" SET "constants" = $2::jsonb || "constants" WHERE "id" = $1`, [row.id, JSON.stringify(quickEntryConstantsFor(row.constants ?? {}))]);
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE "workspaces" SET "constants" = "constants" - $1::text[]`, [NEW_KEYS]);
  }
}
