import { mergeConstants, validateConstants } from '../../../src/domain/workspace/constants';
import { defaultConstants } from '../../../src/domain/workspace/defaults';
import { defaultLabels, labelKeys, labelNames, labelOf, labelsOf, resolveLabels } from '../../../src/domain/workspace/labels';
import type { WorkspaceConstants } from '../../../src/domain/workspace/workspace.entity';
import { turkishConstants } from '../../helpers/renamed-constants';

const d = defaultConstants();
const errorsOf = (patch: Record<string, unknown>, base: WorkspaceConstants = d) => validateConstants(mergeConstants(base, patch));

describe('constant labels', () => {
  it("gives every default key a label in English and in Turkish, the features' blocks' lists too", () => {
    const { en, tr } = defaultLabels();
    // the blocks' labelled lists (orders, tickets) sit between the common lists and the texts
    expect(labelNames()).toEqual(expect.arrayContaining(['stages', 'order_statuses', 'ticket_statuses', 'stage_gate', 'health']));
    const at = (list: string) => (labelNames() as string[]).indexOf(list);
    expect([at('stages') < at('order_statuses'), at('order_statuses') < at('ticket_statuses'), at('ticket_statuses') < at('stage_gate')]).toEqual([true, true, true]);
    for (const list of labelNames()) {
      for (const key of labelKeys(d, list)) {
        expect([list, key, en[list]?.[key]]).toEqual([list, key, expect.any(String)]);
        expect([list, key, tr[list]?.[key]]).toEqual([list, key, expect.any(String)]);
      }
    }
    expect(d.labels?.tr?.ticket_statuses?.Waiting).toBe('Bekliyor');
    expect(d.labels?.tr?.stages?.Qualify).toBe('Nitelendirme');
    expect(d.labels?.en?.lead_statuses?.Yeni).toBe('New');
  });

  it('accepts labels of existing keys and names a label of a key that does not exist', () => {
    expect(validateConstants(d)).toEqual([]);
    expect(errorsOf({ labels: { tr: { stages: { Heaven: 'Cennet' }, task_priorities: { Low: '' } } } })).toEqual([
      'labels.tr.stages.Heaven: not one of the keys of stages',
      'labels.tr.task_priorities.Low: must be a non-empty string of at most 100 characters',
    ]);
    expect(errorsOf({ labels: { de: {}, en: { colours: {} } } })).toEqual(['labels.de: unknown language; known: en, tr', expect.stringMatching(/^labels\.en\.colours: unknown list/)]);
    expect(errorsOf({ labels: { en: { stage_steps: { 'Budget confirmed': 'Budget OK' }, health: { A: 'Fine' }, lead_statuses: { Kazanıldı: 'Won' } } } })).toEqual([]);
  });

  it('falls back to the stage label, then the key, when a language has no label', () => {
    const c: WorkspaceConstants = { ...d, stage_labels: { ...d.stage_labels, Qualify: 'Qualification' }, labels: { en: {}, tr: { stages: { Win: 'Kazanç' } } } };
    expect(labelOf(c, 'tr', 'stages', 'Win')).toBe('Kazanç');
    expect(labelOf(c, 'tr', 'stages', 'Qualify')).toBe('Qualification');
    expect(labelOf(c, 'en', 'task_priorities', 'Urgent')).toBe('Urgent');
    expect(labelOf(c, 'tr', 'stage_gate', 'Win')).toBe('A value above zero.');
    const all = resolveLabels(c, 'tr');
    expect(Object.keys(all.task_statuses)).toEqual(d.task_statuses);
    expect(all.lead_statuses.Kazanıldı).toBe('Kazanıldı');
  });

  it('reads the default labels of the keys a workspace made before labels still has', () => {
    const { labels: _l, ...old } = turkishConstants();
    const labels = labelsOf(old as WorkspaceConstants);
    expect(labels.en?.lead_statuses?.Yeni).toBe('New');
    // renamed stages have no default label, so they show their own stage label
    expect(labels.tr?.stages).toBeUndefined();
    expect(validateConstants(old)).toEqual([]);
    expect(validateConstants(mergeConstants(old as WorkspaceConstants, { action_soon_days: 4 }))).toEqual([]);
  });

  it('drops the labels of keys a patch renames or removes', () => {
    const next = mergeConstants(d, { task_priorities: ['Low', 'High'] }) as unknown as WorkspaceConstants;
    expect(next.labels?.tr?.task_priorities).toEqual({ Low: 'Düşük', High: 'Yüksek' });
    expect(validateConstants(next)).toEqual([]);
  });
});
