import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { type Schemas } from '../../lib/api';
import { useMe } from '../../lib/session';
import { useLang, useT } from '../../lib/i18n';
import { formatMoney, formatNumber } from '../../lib/format';
import { Loaded } from '../../shell/States';
import { CloseDialog, gateProblemsOf, HealthBadge, moveStage, stageLabel, ViewSwitch, type Opp, type OppSummary } from './opportunity-parts';
import { useOppText } from './opportunity.text';
import { useGateProblem } from './gate-text';
import { oppKeys, useBoard, useOppWritten } from './queries';
import { MoveTo } from './MoveTo';
import { NewOppButton } from './NewOpp';

type Page = Schemas['OpportunityList'];
const BOARD_KEY = oppKeys.board;

/**
 * The pipeline board (spec 3.2): one column per open stage of the installation (constants.open_stages, labels
 * and colours), cards moved with the pointer or the keyboard (dnd-kit, with screen-reader announcements).
 * A move calls the stage move; a refused gate puts the card back and shows its `gate_problems` on it.
 */
export default function Pipeline() {
  const text = useOppText();
  const t = useT();
  const q = useBoard();
  return (
    <section className="pipeline" aria-labelledby="pipeline-h">
      <header className="opp-head">
        <h1 id="pipeline-h">{text('pipeline')}</h1>
        <ViewSwitch current="board" />
      </header>
      <NewOppButton />
      <Loaded q={q}>
        {(data) => (
          <>
            <Board items={data.pages.flatMap((p) => p.items)} />
            {q.hasNextPage && (
              <button type="button" onClick={() => void q.fetchNextPage()} disabled={q.isFetchingNextPage}>
                {t('common.more')}
              </button>
            )}
          </>
        )}
      </Loaded>
    </section>
  );
}

function Board({ items }: { items: OppSummary[] }) {
  const me = useMe();
  const c = me.constants;
  const text = useOppText();
  const lang = useLang();
  const qc = useQueryClient();
  const written = useOppWritten();
  const gate = useGateProblem();
  const stages = c.open_stages;
  const stagesRef = useRef(stages);
  stagesRef.current = stages;

  /** Cards shown in another column while their move is on the way. */
  const [pending, setPending] = useState<Record<number, string>>({});
  /** Problems of the last refused move, by opportunity, shown on the card. */
  const [problems, setProblems] = useState<Record<number, { stage: string; list: string[] }>>({});
  const [status, setStatus] = useState('');
  const [dragging, setDragging] = useState<OppSummary | null>(null);
  const [closing, setClosing] = useState<OppSummary | null>(null);
  /** The card whose handle gets the focus back after a move, and the column the board shows it in once settled. */
  const [focusHandle, setFocusHandle] = useState<{ id: number; stage: string } | null>(null);

  const byId = useMemo(() => new Map(items.map((o) => [o.id, o])), [items]);
  const columns = useMemo(() => {
    const m = new Map<string, OppSummary[]>(stages.map((s) => [s, []]));
    for (const o of items) m.get(pending[o.id] ?? o.stage)?.push(o);
    return m;
  }, [items, stages, pending]);

  // The server's answer reaches the board's cache in a later render than the end of the move, and a card that
  // changes column is mounted anew: focus its handle on every render until the card stands in its settled column.
  useEffect(() => {
    if (focusHandle === null) return;
    document.querySelector<HTMLElement>(`[data-move-handle="${focusHandle.id}"]`)?.focus();
    const o = byId.get(focusHandle.id);
    if (!o || (pending[o.id] === undefined && o.stage === focusHandle.stage)) setFocusHandle(null);
  }, [focusHandle, columns, byId, pending]);

  /** Arrow keys jump a whole column: right / down to the next stage, left / up to the previous one. */
  const columnKeys: KeyboardCoordinateGetter = (event, { active, currentCoordinates, context }) => {
    const order = stagesRef.current;
    const from = String(context.over?.id ?? (active && byId.get(Number(active))?.stage) ?? '');
    const step = event.code === 'ArrowRight' || event.code === 'ArrowDown' ? 1 : event.code === 'ArrowLeft' || event.code === 'ArrowUp' ? -1 : 0;
    if (!step) return undefined;
    event.preventDefault();
    const target = order[Math.max(0, Math.min(order.length - 1, order.indexOf(from) + step))];
    const rect = target ? (context.droppableRects.get(target) ?? context.droppableContainers.get(target)?.node.current?.getBoundingClientRect()) : undefined;
    return rect ? { x: rect.left + 8, y: rect.top + 8 } : currentCoordinates;
  };
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor, { coordinateGetter: columnKeys }));

  const nameOf = (id: unknown) => byId.get(Number(id))?.name ?? '';
  const label = (id: unknown) => stageLabel(c, String(id ?? ''));
  const announcements: Announcements = {
    onDragStart: ({ active }) => text('pickedUp', { name: nameOf(active.id), stage: label(byId.get(Number(active.id))?.stage) }),
    onDragOver: ({ active, over }) => (over ? text('over', { name: nameOf(active.id), stage: label(over.id) }) : text('notOver', { name: nameOf(active.id) })),
    onDragEnd: ({ active, over }) => (over ? text('dropped', { name: nameOf(active.id), stage: label(over.id) }) : text('notOver', { name: nameOf(active.id) })),
    onDragCancel: ({ active }) => text('cancelled', { name: nameOf(active.id), stage: label(byId.get(Number(active.id))?.stage) }),
  };

  function replaceInBoard(updated: Opp) {
    qc.setQueryData<InfiniteData<Page>>(BOARD_KEY, (d) =>
      d && { ...d, pages: d.pages.map((p) => ({ ...p, items: p.items.flatMap((o) => (o.id !== updated.id ? [o] : updated.is_open ? [{ ...o, ...updated }] : [])) })) },
    );
    written(updated, { except: [BOARD_KEY] });
  }

  async function move(o: OppSummary, stage: string) {
    const name = o.name;
    let settled = o.stage;
    setPending((p) => ({ ...p, [o.id]: stage }));
    setStatus(text('moving', { name, stage: label(stage) }));
    try {
      const updated = await moveStage(o.id, stage);
      replaceInBoard(updated);
      settled = updated.stage;
      setProblems(({ [o.id]: _gone, ...rest }) => rest);
      setStatus(text('moved', { name, stage: label(updated.stage) }));
    } catch (err) {
      const list = gateProblemsOf(err)?.map(gate) ?? [err instanceof Error ? err.message : String(err)];
      setProblems((p) => ({ ...p, [o.id]: { stage, list } }));
      setStatus(`${text('refused', { name, stage: label(stage) })} ${list.join('; ')}`);
    } finally {
      setPending(({ [o.id]: _done, ...rest }) => rest);
      setFocusHandle({ id: o.id, stage: settled });
    }
  }

  function onDragStart(e: DragStartEvent) {
    setDragging(byId.get(Number(e.active.id)) ?? null);
  }
  function onDragEnd(e: DragEndEvent) {
    setDragging(null);
    const o = byId.get(Number(e.active.id));
    const to = e.over ? String(e.over.id) : '';
    if (o && to && to !== o.stage) void move(o, to);
    else if (o) setFocusHandle({ id: o.id, stage: o.stage });
  }

  return (
    <>
      <p className="sr-only" role="status" aria-live="polite">
        {status}
      </p>
      <DndContext
        sensors={sensors}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragging(null)}
        accessibility={{ announcements, screenReaderInstructions: { draggable: text('moveHelp') } }}
      >
        <div className="board" style={{ ['--columns' as string]: String(stages.length) }}>
          {stages.map((s) => {
            const cards = columns.get(s) ?? [];
            const total = cards.reduce((sum, o) => sum + (o.value_base || 0), 0);
            return (
              <Column key={s} stage={s} color={c.stage_colors[s]} label={stageLabel(c, s)} count={cards.length} total={formatMoney(lang, total, cards[0]?.base_currency)}>
                {cards.length === 0 ? (
                  <p className="empty">{text('empty')}</p>
                ) : (
                  <ul className="cards">
                    {cards.map((o) => (
                      <Card key={o.id} o={o} moving={o.id in pending} problems={problems[o.id]} onMove={(to) => void move(o, to)} onClose={() => setClosing(o)} onDismiss={() => setProblems(({ [o.id]: _x, ...rest }) => rest)} />
                    ))}
                  </ul>
                )}
              </Column>
            );
          })}
        </div>
        <DragOverlay>{dragging ? <div className="card opp-card dragging">{dragging.name}</div> : null}</DragOverlay>
      </DndContext>
      {closing && (
        <CloseDialog
          opp={closing}
          onDismiss={() => setClosing(null)}
          onClosed={(o) => {
            replaceInBoard(o);
            setStatus(text('closed', { name: o.name, stage: label(o.stage) }));
            setClosing(null);
          }}
        />
      )}
    </>
  );
}

function Column({ stage, color, label, count, total, children }: { stage: string; color?: string; label: string; count: number; total: string; children: ReactNode }) {
  const text = useOppText();
  const { setNodeRef, isOver } = useDroppable({ id: stage });
  const hid = `stage-${encodeURIComponent(stage).replace(/%/g, '')}`;
  return (
    <section ref={setNodeRef} className={isOver ? 'column over' : 'column'} aria-labelledby={hid} style={{ borderTopColor: color || undefined }}>
      <h2 id={hid}>
        <span>{label}</span>
        <span className="column-meta">
          {count === 1 ? text('countOne') : text('count', { n: count })}
          {count > 0 && total ? ` · ${total}` : ''}
        </span>
      </h2>
      {children}
    </section>
  );
}

function Card({ o, moving, problems, onMove, onClose, onDismiss }: { o: OppSummary; moving: boolean; problems?: { stage: string; list: string[] }; onMove: (stage: string) => void; onClose: () => void; onDismiss: () => void }) {
  const text = useOppText();
  const lang = useLang();
  const c = useMe().constants;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({ id: o.id, disabled: !o.can_edit || moving });
  const over = o.sla_days > 0 && o.sla_left < 0;
  return (
    <li ref={setNodeRef} className={`card opp-card${isDragging ? ' lifted' : ''}${moving ? ' moving' : ''}`} aria-busy={moving || undefined}>
      <div className="card-top">
        <h3>
          <Link to={`/opportunities/${o.id}`}>{o.name}</Link>
        </h3>
        {o.can_edit && (
          <button type="button" ref={setActivatorNodeRef} className="handle" data-move-handle={o.id} {...attributes} {...listeners}>
            <span aria-hidden="true">⠿</span>
            <span className="sr-only">{text('move', { name: o.name })}</span>
          </button>
        )}
      </div>
      <p className="company">{o.customer}</p>
      <p className="facts">
        <span className="value">{formatMoney(lang, o.value, o.currency)}</span>
        <HealthBadge opp={o} />
        <span className={over ? 'sla over' : 'sla'} title={text('daysInStage', { days: o.days_in_stage, sla: o.sla_days })}>
          <span aria-hidden="true">{text('daysInStageShort', { days: formatNumber(lang, o.days_in_stage), sla: formatNumber(lang, o.sla_days) })}</span>
          <span className="sr-only">
            {text('daysInStage', { days: o.days_in_stage, sla: o.sla_days })}
            {over ? `, ${text('overdue')}` : ''}
          </span>
        </span>
      </p>
      {problems && (
        <div className="gate-problems" role="alert">
          {/* the dismiss sits at the box's top and says what it does: "Close…" below closes the deal */}
          <div className="gate-problems-head">
            <p>{text('refused', { name: o.name, stage: stageLabel(c, problems.stage) })}</p>
            <button type="button" className="link dismiss" onClick={onDismiss}>
              {text('dismiss')}
            </button>
          </div>
          <ul>
            {problems.list.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
      {o.can_edit && (
        <div className="card-actions">
          <MoveTo name={o.name} stage={o.stage} disabled={moving} onMove={onMove} />
          <button type="button" className="small" onClick={onClose}>
            {text('close')}
          </button>
        </div>
      )}
    </li>
  );
}
