/**
 * /dashboard/:id — "default" opens the overview; other ids are the server id + 1000 in base64.
 * Loads the dashboard document, makes it a board (content, saver) and shows header and grid.
 */
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  encodeDashboardId,
  showsParking,
  USER_TYPES,
  type ClientPreferences,
  type DashboardSummary,
  type Unit,
  type WidgetComponent,
} from '@fieldwatch/shared';
import { useDevices, useRemote, useSession } from '@fieldwatch/shared/remote';
import { Button, ErrorState, Icon, LoadingState } from '@fieldwatch/shared/ui';
import { type Board, createBoard } from './board/board-store';
import { messageText, toast } from './board/board-messages';
import { addWidget, defaultTimeRange } from './board/content-edits';
import { BoardContext, type BoardContextValue, useBoard, useBoardState } from './board/BoardContext';
import { dashboardFor, openDashboard } from './open-dashboard';
import { useMediaQuery } from './dom-hooks';
import { WidgetStorePanel } from '../widgets/widget-store/WidgetStorePanel';
import { preferencesQuery } from '../widgets/kit/data/config-and-preferences';
import { prepareBoard } from './widget-registry';
import { DashboardGrid } from './grid/DashboardGrid';
import { DashboardHeader } from './header/DashboardHeader';
import { Modal } from '@fieldwatch/shared/ui';
import { widgetTitle } from './grid/widget-names';
import css from './DashboardPage.module.css';

export function DashboardPage() {
  const { id = 'default' } = useParams();
  const { t } = useTranslation('dashboard');
  const dashboards = useSession((s) => s.dashboards);
  const customers = useSession((s) => s.customers);
  const selectedCustomers = useSession((s) => s.selectedCustomers);

  if (dashboards.length === 0) return <LoadingState label={t('common:state.loading')} />;
  const summary = dashboardFor(id, { dashboards, customers, selectedCustomers });
  if (id === 'default' && summary) return <Navigate to={`/dashboard/${encodeDashboardId(summary.id)}`} replace />;
  if (!summary) {
    return (
      <div className={css.page} data-testid="dashboard-page">
        <h1 className={css.hiddenTitle}>{t('notFound.title')}</h1>
        <ErrorState title={t('notFound.title')} message={t('notFound.text')} />
        <p className={css.center}>
          <Link to="/dashboard/default">{t('notFound.home')}</Link>
        </p>
      </div>
    );
  }
  return <DashboardScreen key={summary.id} summary={summary} />;
}

type DocState =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; board: Board };

function DashboardScreen({ summary }: { summary: DashboardSummary }) {
  const { t } = useTranslation('dashboard');
  const { api, bus } = useRemote();
  const queryClient = useQueryClient();
  const userType = useSession((s) => s.user?.userType);
  // Readers, and anyone on a dashboard another user shared with his organisation (its owner changes it).
  const readOnly = userType === USER_TYPES.Reader || summary.readOnly === true;
  const [state, setState] = useState<DocState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const prefs = usePreferences();

  useEffect(() => {
    let live = true;
    let board: Board | null = null;
    setState({ status: 'loading' });
    // The document and, for a built-in, its widgets' code (known before the document arrives) are
    // fetched side by side — started when the area mounted, if it was this dashboard — and the
    // board is shown when both are here, so that its first render draws the widgets themselves (and
    // starts their data requests) instead of "Loading widget…" placeholders. Retry asks afresh.
    const { content, code } = openDashboard(queryClient, api, summary, attempt === 0 ? undefined : 0);
    void Promise.all([content, code]).then(([res]) => {
      if (!live) return;
      if (!res.ok) {
        setState({ status: 'error', message: messageText(t, res.message) });
        return;
      }
      board = createBoard(res.data, { api, bus, t, readOnly });
      prepareBoard(board.store.getState().content.widgets.map((w) => w.component));
      // Rendering the whole board (grid, header, every widget) is the largest piece of work of a
      // first load; as a transition React renders it in slices instead of one long task.
      const ready = board;
      startTransition(() => setState({ status: 'ready', board: ready }));
    });
    return () => {
      live = false;
      board?.dispose();
    };
    // The board lives as long as this dashboard is open; t and readOnly are read when it is made.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, bus, queryClient, summary.id, attempt]);

  // Pending changes go out when the tab is hidden (a normal save) and when it is closed or reloaded
  // (keepalive survives the unload; a copy stays in localStorage until a save succeeds).
  useEffect(() => {
    if (state.status !== 'ready' || readOnly) return;
    const board = state.board;
    const onHide = () => board.leave();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') void board.flush();
    };
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [state, readOnly]);

  if (state.status === 'loading')
    return (
      <div className={css.page} data-testid="dashboard-page">
        <LoadingState label={t('board.loading')} />
      </div>
    );
  if (state.status === 'error')
    return (
      <div className={css.page} data-testid="dashboard-page">
        <ErrorState
          title={t('board.loadFailed')}
          message={state.message}
          retryLabel={t('common:action.retry')}
          onRetry={() => setAttempt((n) => n + 1)}
        />
      </div>
    );
  return (
    <BoardView
      board={state.board}
      summary={summary}
      readOnly={readOnly}
      dateInterval={prefs?.dateInterval}
    />
  );
}

/**
 * Client preferences, asked when the dashboard opens and on auto refresh (a query the dashboard's
 * widgets read from the cache): the default chart range of link groups comes from its dateInterval;
 * after a failed ask the last answer stays. (Their hiddenWidgets name widgets of the older Data
 * view, e.g. "UnitWeather", none of which is a dashboard widget component, so nothing here is
 * hidden by them.)
 */
function usePreferences(): ClientPreferences | null {
  const { api } = useRemote();
  const refreshKey = useSession((s) => s.refreshKey);
  const query = useQuery(preferencesQuery(api));
  const { refetch } = query;
  const seen = useRef(refreshKey);
  useEffect(() => {
    if (seen.current === refreshKey) return;
    seen.current = refreshKey;
    // Widgets asking at the same moment (weather) join this request.
    void refetch({ cancelRefetch: false });
  }, [refreshKey, refetch]);
  const last = useRef<ClientPreferences | null>(null);
  if (query.data) last.current = query.data;
  return last.current;
}

const NO_UNITS: Unit[] = [];

function BoardView({
  board,
  summary,
  readOnly,
  dateInterval,
}: {
  board: Board;
  summary: DashboardSummary;
  readOnly: boolean;
  dateInterval: number | undefined;
}) {
  const { t } = useTranslation('dashboard');
  const { bus } = useRemote();
  // The session's unit list (the shell keeps it current; auto refresh asks again).
  const devices = useDevices();
  const units = devices.data ?? NO_UNITS;
  const unitsLoadedAt = devices.updatedAt ?? null;
  const refreshKey = useSession((s) => s.refreshKey);
  const parking = useSession(showsParking);
  const [storeOpen, setStoreOpen] = useState(false);
  const [editMode, setEditMode] = useState(false);
  const touch = useMediaQuery('(pointer: coarse)');
  const narrow = useMediaQuery('(max-width: 599px)');
  const fallbackRange = useMemo(() => defaultTimeRange(dateInterval), [dateInterval]);

  const add = useCallback(
    (component: WidgetComponent) => {
      let name = '';
      const ok = board.change((c) => {
        const r = addWidget(c, component);
        if (r.ok) name = widgetTitle(t, { name: component, component });
        return r;
      });
      if (ok) toast(bus, 'success', t('store.addedToast', { name }));
      return ok;
    },
    [board, bus, t],
  );
  const openWidgetStore = useCallback(() => setStoreOpen(true), []);
  const value = useMemo<BoardContextValue>(
    () => ({ board, units, unitsLoadedAt, refreshKey, fallbackRange, parking, addWidget: add, openWidgetStore }),
    [board, units, unitsLoadedAt, refreshKey, fallbackRange, parking, add, openWidgetStore],
  );

  return (
    <BoardContext.Provider value={value}>
      <div className={css.page} data-testid="dashboard-page">
        <DashboardHeader
          summary={summary}
          readOnly={readOnly}
          canEditLayout={touch || narrow}
          editMode={editMode}
          onEditMode={setEditMode}
          onAddWidget={openWidgetStore}
        />
        <BoardBody editMode={editMode} touch={touch} readOnly={readOnly} />
        {storeOpen && <StoreDialog onClose={() => setStoreOpen(false)} readOnly={readOnly} />}
      </div>
    </BoardContext.Provider>
  );
}

function BoardBody({ editMode, touch, readOnly }: { editMode: boolean; touch: boolean; readOnly: boolean }) {
  const { t } = useTranslation('dashboard');
  const count = useBoardState((s) => s.content.widgets.length);
  const { openWidgetStore } = useBoard();
  if (count === 0)
    return (
      <section className={css.empty} data-testid="dashboard-empty">
        <span className={css.emptyIcon} aria-hidden="true">
          <Icon name="layout" size={28} />
        </span>
        <h2 className={css.emptyTitle}>{t('board.empty.title')}</h2>
        <p className={css.emptyText}>{readOnly ? t('board.empty.readOnly') : t('board.empty.text')}</p>
        <Button variant="primary" onClick={openWidgetStore}>
          <Icon name="layout" size={16} />
          {t('board.addWidget')}
        </Button>
      </section>
    );
  return <DashboardGrid editMode={editMode} touch={touch} />;
}

function StoreDialog({ onClose, readOnly }: { onClose(): void; readOnly: boolean }) {
  const { t } = useTranslation('dashboard');
  const ctx = useBoard();
  const widgets = useBoardState((s) => s.content.widgets);
  const present = useMemo(() => widgets.map((w) => w.component), [widgets]);
  return (
    <Modal
      title={t('store.title')}
      closeLabel={t('common:action.close')}
      onClose={onClose}
      wide
      testId="widget-store-dialog"
      footer={
        <Button variant="primary" onClick={onClose}>
          {t('store.done')}
        </Button>
      }
    >
      <WidgetStorePanel present={present} parking={ctx.parking} readOnly={readOnly} onAdd={ctx.addWidget} />
    </Modal>
  );
}
