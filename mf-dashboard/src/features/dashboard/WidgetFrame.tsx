/**
 * The card around one widget: title bar (drag handle, link-group dot, name, menu), an error
 * boundary so a crashing widget shows a translated error with Retry while the rest of the
 * dashboard lives, Suspense while the widget's chunk loads, and the body's measured size.
 */
import {
  Component,
  type ErrorInfo,
  memo,
  type ReactNode,
  Suspense,
  useCallback,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import {
  DASHBOARD_LIMITS,
  DEFAULT_LINK_GROUP,
  widgetCatalogueItem,
  type DashboardContent,
} from '@fieldwatch/shared';
import { Button, Icon, TextField, VisuallyHidden } from '@fieldwatch/shared/ui';
import { DEFERRED_WIDGETS, prepareWidget, widgetView } from '../../widgets/registry';
import { useTurn } from '../../dashboard/turns';
import { WidgetState } from '../../widgets/state';
import type { BindingKind, LinkBindings } from '../../widgets/contract';
import {
  addLinkGroup,
  groupColorVar,
  linkBindings,
  linkGroupOf,
  linkGroupsOf,
  moveWidgetToGroup,
  removeLinkGroup,
  removeWidget,
  renameLinkGroup,
  renameWidget,
  setBinding as setBindingIn,
  updateSettings as updateSettingsIn,
} from '../../dashboard/content';
import { useBoard, useBoardState } from '../../dashboard/context';
import { useElementSize } from '../../dashboard/hooks';
import type { ArrangeStep } from './arrange';
import { Menu, Modal } from './Modal';
import css from './WidgetFrame.module.css';

/** Class of the title bar: the grid drags by it only. */
export const DRAG_HANDLE = 'fw-widget-drag';
/** Class of controls inside the title bar that must not start a drag. */
export const NO_DRAG = 'fw-no-drag';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A widget's title: its own name, or the catalogue name in the user's language. */
export function widgetTitle(t: Translate, widget: { name: string; component: string }): string {
  if (widget.name && widget.name !== widget.component) return widget.name;
  return t(`catalogue.${widget.component}.name`, {
    defaultValue: widgetCatalogueItem(widget.component)?.name ?? widget.component,
  });
}

/** A link group's name; the built-in default group has a translated one. */
export function groupName(t: Translate, group: { id: string; name: string }): string {
  return group.id === DEFAULT_LINK_GROUP.id && group.name === DEFAULT_LINK_GROUP.name
    ? t('frame.defaultGroup')
    : group.name;
}

/** Arrow keys of the arrange handle: a move, or with Shift a resize, of one grid cell. */
const ARRANGE_KEYS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** How long the grid animates a widget to its new place (react-grid-layout's 200 ms, and a frame). */
const ARRANGE_SETTLE_MS = 250;

/** The widget's place after a keyboard step, or null when it cannot go further that way. */
export type Arrange = (
  id: string,
  step: ArrangeStep,
) => { x: number; y: number; w: number; h: number } | null;

export const WidgetFrame = memo(function WidgetFrame({ id, onArrange }: { id: string; onArrange?: Arrange }) {
  const { t } = useTranslation('dashboard');
  const { board, units, refreshKey, fallbackRange } = useBoard();
  const widget = useBoardState((s) => s.content.widgets.find((w) => w.id === id));
  const groups = useBoardState((s) => s.content.linkGroups);
  const groupBindings = useBoardState((s) => (widget ? s.content.bindings[widget.group] : undefined));
  const [renaming, setRenaming] = useState(false);
  const [dialog, setDialog] = useState<'group' | 'remove' | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [announced, setAnnounced] = useState('');
  const body = useRef<HTMLDivElement>(null);
  const size = useElementSize(body);
  // The widget draws once its body has a size: drawn at 0×0 first, every widget would render twice
  // on a dashboard's first load. A heavy one (map, charts) also waits for its turn, which brings its
  // code (and a map's worker) first. Without ResizeObserver (jsdom) nothing is ever measured.
  const component = widget?.component;
  const heavy = component ? DEFERRED_WIDGETS.has(component) : false;
  const measured = size.width > 0 || size.height > 0 || typeof ResizeObserver === 'undefined';
  const turn = useTurn(heavy, component ? () => prepareWidget(component) : undefined);
  const mounted = turn && measured;

  const linkGroup = useMemo(
    () => linkGroupOf({ linkGroups: groups } as DashboardContent, widget?.group ?? DEFAULT_LINK_GROUP.id),
    [groups, widget?.group],
  );
  const bindings = useMemo(() => linkBindings(groupBindings, fallbackRange), [groupBindings, fallbackRange]);
  const setBinding = useCallback(
    <K extends BindingKind>(kind: K, value: LinkBindings[K]) => {
      board.change((c) => {
        const group = c.widgets.find((w) => w.id === id)?.group ?? DEFAULT_LINK_GROUP.id;
        return setBindingIn(c, group, kind, value, id);
      });
    },
    [board, id],
  );
  const updateSettings = useCallback(
    (patch: object) => board.change((c) => updateSettingsIn(c, id, patch as Record<string, unknown>)),
    [board, id],
  );

  // Chosen when the widget mounts (its code is often here by then) and kept: switching from the
  // lazy view to the loaded one later would remount it.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- mounted: ask again when it mounts
  const View = useMemo(() => (component ? widgetView(component) : null), [component, mounted]);

  if (!widget || !View) return null;
  const title = widgetTitle(t, widget);
  const retry = t('common:action.retry');

  return (
    <section
      className={css.frame}
      data-testid="widget-frame"
      data-widget={widget.component}
      data-widget-id={widget.id}
      data-group={linkGroup.id}
      aria-label={title}
    >
      <header className={`${css.header} ${DRAG_HANDLE}`}>
        {onArrange && (
          // A span, not a <button>: the grid does not start a drag on buttons, and this handle is
          // also where the mouse picks the widget up.
          <span
            role="button"
            tabIndex={0}
            className={css.arrange}
            aria-label={t('frame.arrange', { name: title })}
            title={t('frame.arrangeHelp')}
            aria-keyshortcuts="ArrowUp ArrowDown ArrowLeft ArrowRight Shift+ArrowUp Shift+ArrowDown Shift+ArrowLeft Shift+ArrowRight"
            data-testid="widget-arrange"
            onKeyDown={(e) => {
              const d = ARRANGE_KEYS[e.key];
              if (!d) return;
              e.preventDefault();
              const at = onArrange(id, e.shiftKey ? { dw: d[0], dh: d[1] } : { dx: d[0], dy: d[1] });
              // A widget moved below (or above) the visible part of the page is scrolled to, once
              // the grid has animated it there: the keyboard user keeps seeing what they move.
              const frame = e.currentTarget.closest('section');
              if (at && frame)
                window.setTimeout(() => frame.scrollIntoView?.({ block: 'nearest' }), ARRANGE_SETTLE_MS);
              setAnnounced(
                at
                  ? t('frame.arranged', {
                      name: title,
                      column: at.x + 1,
                      row: at.y + 1,
                      width: at.w,
                      height: at.h,
                    })
                  : t('frame.arrangeEdge', { name: title }),
              );
            }}
          >
            <Icon name="move" size={14} />
          </span>
        )}
        <span
          className={css.dot}
          style={{ background: groupColorVar(linkGroup.color) }}
          title={t('frame.inGroup', { name: groupName(t, linkGroup) })}
          aria-label={t('frame.inGroup', { name: groupName(t, linkGroup) })}
          role="img"
          data-testid="group-dot"
        />
        {renaming ? (
          <RenameField
            initial={title}
            label={t('frame.nameLabel')}
            onDone={(name) => {
              setRenaming(false);
              if (name !== null && name.trim() && name.trim() !== title)
                board.change((c) => renameWidget(c, id, name));
            }}
          />
        ) : (
          <h2 className={css.title} title={title}>
            {title}
          </h2>
        )}
        <span className={NO_DRAG}>
          <Menu
            label={t('frame.menu', { name: title })}
            testId="widget-menu"
            items={[
              { key: 'rename', label: t('frame.rename'), onSelect: () => setRenaming(true) },
              { key: 'group', label: t('frame.moveToGroup'), onSelect: () => setDialog('group') },
              { key: 'remove', label: t('frame.remove'), danger: true, onSelect: () => setDialog('remove') },
            ]}
          />
        </span>
      </header>
      <span role="status">
        <VisuallyHidden>{announced}</VisuallyHidden>
      </span>
      <div className={css.body} ref={body}>
        <WidgetBoundary
          key={attempt}
          fallback={(error) => (
            <WidgetState
              kind="error"
              title={t('frame.crashed')}
              message={error.message}
              retryLabel={retry}
              onRetry={() => setAttempt((n) => n + 1)}
            />
          )}
        >
          <Suspense fallback={<WidgetState kind="loading" label={t('frame.loading')} />}>
            {!mounted ? (
              <WidgetState kind="loading" label={t('frame.loading')} />
            ) : (
              <View
                widget={widget}
                linkGroup={linkGroup}
                units={units}
                refreshKey={refreshKey}
                bindings={bindings}
                setBinding={setBinding}
                updateSettings={updateSettings}
                size={size}
                readOnly={board.readOnly}
              />
            )}
          </Suspense>
        </WidgetBoundary>
      </div>
      {dialog === 'group' && (
        <LinkGroupDialog
          current={widget.group}
          groups={linkGroupsOf({ linkGroups: groups } as DashboardContent)}
          onClose={() => setDialog(null)}
          onMove={(target) => {
            const ok = board.change((c) => {
              if (target.kind === 'existing') return moveWidgetToGroup(c, id, target.id);
              const added = addLinkGroup(c, target.name);
              return added.ok ? moveWidgetToGroup(added.content, id, added.id!) : added;
            });
            if (ok) setDialog(null);
          }}
          onRename={(groupId, name) => board.change((c) => renameLinkGroup(c, groupId, name))}
          onDelete={(groupId) => board.change((c) => removeLinkGroup(c, groupId))}
        />
      )}
      {dialog === 'remove' && (
        <Modal
          title={t('frame.removeTitle')}
          closeLabel={t('common:action.close')}
          onClose={() => setDialog(null)}
          footer={
            <>
              <Button onClick={() => setDialog(null)}>{t('common:action.cancel')}</Button>
              <Button
                variant="danger"
                data-autofocus
                onClick={() => {
                  setDialog(null);
                  board.change((c) => removeWidget(c, id));
                }}
              >
                {t('frame.remove')}
              </Button>
            </>
          }
        >
          <p className={css.text}>{t('frame.removeText', { name: title })}</p>
        </Modal>
      )}
    </section>
  );
});

function RenameField({
  initial,
  label,
  onDone,
}: {
  initial: string;
  label: string;
  onDone(name: string | null): void;
}) {
  const [value, setValue] = useState(initial);
  const done = useRef(false);
  const finish = (name: string | null) => {
    if (done.current) return;
    done.current = true;
    onDone(name);
  };
  return (
    <input
      className={`${css.rename} ${NO_DRAG}`}
      aria-label={label}
      value={value}
      maxLength={DASHBOARD_LIMITS.text}
      autoFocus
      onChange={(e) => setValue(e.target.value)}
      onBlur={() => finish(value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') finish(value);
        if (e.key === 'Escape') {
          // Only the rename is cancelled, not a dialog around the field.
          e.stopPropagation();
          finish(null);
        }
      }}
    />
  );
}

type GroupTarget = { kind: 'existing'; id: string } | { kind: 'new'; name: string };

/** What a link group the user made offers in the move dialog. */
const GROUP_ACTIONS = [
  { mode: 'rename', text: 'frame.rename', label: 'frame.renameGroup' },
  { mode: 'delete', text: 'frame.delete', label: 'frame.deleteGroup' },
] as const;

function LinkGroupDialog(props: {
  current: string;
  groups: Array<{ id: string; name: string; color: string }>;
  onClose(): void;
  onMove(target: GroupTarget): void;
  onRename(groupId: string, name: string): void;
  onDelete(groupId: string): void;
}) {
  const { t } = useTranslation('dashboard');
  const [picked, setChoice] = useState<string>(props.current);
  const [name, setName] = useState('');
  // One group at a time is being renamed or asked about before it is deleted.
  const [editing, setEditing] = useState<{ id: string; mode: 'rename' | 'delete' } | null>(null);
  // A deleted group's widgets are in the default group now: so is the choice.
  const choice =
    picked === '__new__' || props.groups.some((g) => g.id === picked) ? picked : DEFAULT_LINK_GROUP.id;
  const isNew = choice === '__new__';
  const submit = () => props.onMove(isNew ? { kind: 'new', name } : { kind: 'existing', id: choice });
  return (
    <Modal
      title={t('frame.moveToGroup')}
      closeLabel={t('common:action.close')}
      onClose={props.onClose}
      testId="link-group-dialog"
      footer={
        <>
          <Button onClick={props.onClose}>{t('common:action.cancel')}</Button>
          <Button variant="primary" onClick={submit} disabled={isNew && !name.trim()}>
            {t('frame.move')}
          </Button>
        </>
      }
    >
      <p className={css.text}>{t('frame.groupHelp')}</p>
      <fieldset className={css.groups}>
        <legend className={css.legend}>{t('frame.linkGroup')}</legend>
        {props.groups.map((g) => {
          const label = groupName(t, g);
          const mine = g.id !== DEFAULT_LINK_GROUP.id;
          const mode = editing?.id === g.id ? editing.mode : null;
          return (
            <div key={g.id} className={css.groupRow} data-testid="link-group-row">
              {mode === 'rename' ? (
                <span className={css.groupOption}>
                  <span className={css.radioSpace} aria-hidden="true" />
                  <span
                    className={css.dot}
                    style={{ background: groupColorVar(g.color) }}
                    aria-hidden="true"
                  />
                  <RenameField
                    initial={g.name}
                    label={t('frame.groupNameOf', { name: label })}
                    onDone={(next) => {
                      if (next !== null) props.onRename(g.id, next);
                      setEditing(null);
                    }}
                  />
                </span>
              ) : (
                <label className={css.groupOption}>
                  <input
                    type="radio"
                    name="link-group"
                    value={g.id}
                    checked={choice === g.id}
                    onChange={() => setChoice(g.id)}
                  />
                  <span
                    className={css.dot}
                    style={{ background: groupColorVar(g.color) }}
                    aria-hidden="true"
                  />
                  {label}
                </label>
              )}
              {mine && mode === null && (
                <span className={css.groupActions}>
                  {GROUP_ACTIONS.map((a) => (
                    <Button
                      key={a.mode}
                      variant="ghost"
                      size="small"
                      aria-label={t(a.label, { name: label })}
                      title={t(a.label, { name: label })}
                      onClick={() => setEditing({ id: g.id, mode: a.mode })}
                    >
                      {t(a.text)}
                    </Button>
                  ))}
                </span>
              )}
              {mode === 'delete' && (
                <div
                  className={css.groupConfirm}
                  role="group"
                  aria-label={t('frame.deleteGroup', { name: label })}
                >
                  <span>{t('frame.deleteGroupText', { name: label })}</span>
                  <span className={css.groupActions}>
                    <Button size="small" onClick={() => setEditing(null)}>
                      {t('common:action.cancel')}
                    </Button>
                    <Button
                      size="small"
                      variant="danger"
                      data-autofocus
                      onClick={() => {
                        setEditing(null);
                        props.onDelete(g.id);
                      }}
                    >
                      {t('frame.delete')}
                    </Button>
                  </span>
                </div>
              )}
            </div>
          );
        })}
        <label className={css.groupOption}>
          <input
            type="radio"
            name="link-group"
            value="__new__"
            checked={isNew}
            onChange={() => setChoice('__new__')}
          />
          {t('frame.newGroup')}
        </label>
      </fieldset>
      {isNew && (
        <TextField
          label={t('frame.newGroupName')}
          value={name}
          maxLength={DASHBOARD_LIMITS.text}
          autoFocus
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && name.trim()) submit();
          }}
        />
      )}
    </Modal>
  );
}

interface BoundaryProps {
  children: ReactNode;
  fallback(error: Error): ReactNode;
}

/** Catches a widget's render errors: the widget shows its error, the dashboard keeps running. */
export class WidgetBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Widget crashed', error, info.componentStack);
  }
  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}
