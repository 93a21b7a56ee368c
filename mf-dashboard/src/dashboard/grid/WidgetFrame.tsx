/**
 * The card around one widget: title bar (drag and keyboard arrange handle, link-group dot, name,
 * menu) and the body, drawn once it is measured and, for a heavy widget, on its turn. The body sits
 * in an error boundary (./WidgetErrorBoundary.tsx), so a crashing widget shows a translated error
 * with Retry while the rest of the dashboard lives, and in Suspense while the widget's chunk loads.
 * The menu renames in place (./RenameField.tsx), moves to a link group (./LinkGroupDialog.tsx) and
 * removes after a confirmation.
 */
import { memo, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LINK_GROUP, type DashboardContent } from '@fieldwatch/shared';
import { Button, Icon, VisuallyHidden } from '@fieldwatch/shared/ui';
import { DEFERRED_WIDGETS, prepareWidget, widgetView } from '../widget-registry';
import { useTurn } from '../heavy-widget-turns';
import { WidgetState } from '../../widgets/kit/WidgetState';
import type { BindingKind, LinkBindings } from '../../widgets/kit/widget-contract';
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
} from '../board/content-edits';
import { useBoard, useBoardState } from '../board/BoardContext';
import { VIEW_BINDINGS, VIEW_SETTINGS } from '../board/board-store';
import { useElementSize } from '../dom-hooks';
import type { ArrangeStep } from './keyboard-arrange';
import { Menu, Modal } from '@fieldwatch/shared/ui';
import { DRAG_HANDLE, NO_DRAG } from './drag-classes';
import { LinkGroupDialog } from './LinkGroupDialog';
import { RenameField } from './RenameField';
import { WidgetErrorBoundary } from './WidgetErrorBoundary';
import { groupName, widgetTitle } from './widget-names';
import css from './WidgetFrame.module.css';

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
  const { board, units, unitsLoadedAt, refreshKey, fallbackRange } = useBoard();
  const widget = useBoardState((s) => s.content.widgets.find((w) => w.id === id));
  const groups = useBoardState((s) => s.content.linkGroups);
  const groupBindings = useBoardState((s) => (widget ? s.content.bindings[widget.group] : undefined));
  // Selection and tabs are view state (kept per browser session, not saved): over the saved ones.
  const viewBindings = useBoardState((s) => (widget ? s.view.bindings[widget.group] : undefined));
  const viewSettings = useBoardState((s) => s.view.settings[id]);
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
  const bindings = useMemo(
    () => linkBindings(viewBindings ? { ...groupBindings, ...viewBindings } : groupBindings, fallbackRange),
    [groupBindings, viewBindings, fallbackRange],
  );
  const shown = useMemo(
    () => (widget && viewSettings ? { ...widget, settings: { ...widget.settings, ...viewSettings } } : widget),
    [widget, viewSettings],
  );
  const setBinding = useCallback(
    <K extends BindingKind>(kind: K, value: LinkBindings[K]) => {
      const group = board.store.getState().content.widgets.find((w) => w.id === id)?.group ?? DEFAULT_LINK_GROUP.id;
      if (VIEW_BINDINGS.includes(kind)) {
        board.changeView((v) => ({
          ...v,
          bindings: { ...v.bindings, [group]: { ...v.bindings[group], [kind]: { value, updatedBy: id } } },
        }));
        return;
      }
      board.change((c) => setBindingIn(c, group, kind, value, id));
    },
    [board, id],
  );
  const updateSettings = useCallback(
    (patch: object) => {
      const component = board.store.getState().content.widgets.find((w) => w.id === id)?.component;
      const viewKeys = (component && VIEW_SETTINGS[component]) || [];
      const entries = Object.entries(patch as Record<string, unknown>);
      const view = entries.filter(([k]) => viewKeys.includes(k));
      const saved = entries.filter(([k]) => !viewKeys.includes(k));
      if (view.length)
        board.changeView((v) => ({
          ...v,
          settings: { ...v.settings, [id]: { ...v.settings[id], ...Object.fromEntries(view) } },
        }));
      if (saved.length) board.change((c) => updateSettingsIn(c, id, Object.fromEntries(saved)));
    },
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
        <WidgetErrorBoundary
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
                widget={shown ?? widget}
                linkGroup={linkGroup}
                units={units}
                unitsLoadedAt={unitsLoadedAt}
                refreshKey={refreshKey}
                bindings={bindings}
                setBinding={setBinding}
                updateSettings={updateSettings}
                size={size}
                readOnly={board.readOnly}
              />
            )}
          </Suspense>
        </WidgetErrorBoundary>
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
