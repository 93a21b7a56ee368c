/**
 * One open dashboard: its document, the local content the user edits, and the saver.
 *
 * Saving: every change (layout, widgets, link groups, bindings, settings) bumps a
 * revision; the saver sends the content once, DASHBOARD_SAVE_DEBOUNCE_MS after the LAST change,
 * with the save endpoint's { content, updatedAt }. Saves never overlap: one that comes
 * due while another is in flight waits for it, so the next one carries the new updatedAt.
 * - 409 (changed elsewhere): the document is fetched again and becomes the version the next save is
 *   based on, but the user's changes stay on screen (status 'conflict'): the header offers to apply
 *   them on the fresh version (rebaseContent: the user's added, changed and removed widgets, layout
 *   items and link groups over the other version) or to take the other version. Nothing the user
 *   did is dropped without him choosing so (issue 20).
 * - A rename changes the name only (the server keeps updatedAt, the content's revision), so it
 *   never makes a pending or in-flight save a conflict.
 * - View state (a selected unit, a widget's tab: VIEW_BINDINGS, VIEW_SETTINGS) is not content: it
 *   lives in `view`, kept per browser session (sessionStorage), and never saved into the dashboard.
 * - Leaving the page (pagehide): pending changes go out with a keepalive fetch, and are also kept
 *   in localStorage until a save succeeds; the next open of the dashboard applies them on what the
 *   server has (if the keepalive lost a race with a save already on its way, nothing is lost).
 * - 400 (refused content): the server's message as a toast, and the content goes back to what the
 *   server last accepted (the same rules run here before sending, so this is rare).
 * - Network errors: the client's interceptor toasts; the change stays pending ("Not saved") and is
 *   sent with the next change or the Retry of the header.
 * Readers (readOnly) edit locally and nothing is sent.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  DASHBOARD_SAVE_DEBOUNCE_MS,
  ENDPOINTS,
  pathFor,
  validateDashboardContent,
  type ApiClient,
  type Bus,
  type DashboardBinding,
  type DashboardContent,
  type DashboardDocument,
  type WidgetComponent,
} from '@fieldwatch/shared';
import { rebaseContent, type Change } from './content-edits';
import { messageText, toast, type Translate } from './board-messages';
import { call } from './dashboard-api';

export type SaveStatus = 'saved' | 'pending' | 'saving' | 'failed' | 'conflict';

/** Link-group bindings that are what the user looks at, not what he arranged: kept per session. */
export const VIEW_BINDINGS: readonly string[] = ['units'];
/** Widget settings that are a tab or a mode the user switched to: kept per session, not saved. */
export const VIEW_SETTINGS: Partial<Record<WidgetComponent, readonly string[]>> = {
  alarmList: ['mode'],
  groupAlarm: ['kind'],
};

/** What the user looks at on a dashboard (selection, tabs): per browser session, never saved. */
export interface BoardView {
  /** By link group, then binding kind (as DashboardContent.bindings). */
  bindings: Record<string, Record<string, DashboardBinding>>;
  /** By widget id. */
  settings: Record<string, Record<string, unknown>>;
}

const EMPTY_VIEW: BoardView = { bindings: {}, settings: {} };
const viewKey = (id: number) => `fw.dashboard.view.${id}`;
const unsavedKey = (id: number) => `fw.dashboard.unsaved.${id}`;

function readJson<T>(storage: Storage | undefined, key: string): T | null {
  try {
    const raw = storage?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}
function writeJson(storage: Storage | undefined, key: string, value: unknown) {
  try {
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the view is then kept for this page only.
  }
}
const session = () => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);
const local = () => (typeof localStorage === 'undefined' ? undefined : localStorage);

/** The content without view state (a document saved by an older editor may still carry it). */
export function withoutView(content: DashboardContent): DashboardContent {
  let bindings = content.bindings;
  for (const [group, kinds] of Object.entries(content.bindings)) {
    if (!VIEW_BINDINGS.some((k) => k in kinds)) continue;
    const rest = Object.fromEntries(Object.entries(kinds).filter(([k]) => !VIEW_BINDINGS.includes(k)));
    bindings = { ...bindings };
    if (Object.keys(rest).length) bindings[group] = rest;
    else delete bindings[group];
  }
  let changed = bindings !== content.bindings;
  const widgets = content.widgets.map((w) => {
    const keys = VIEW_SETTINGS[w.component];
    if (!keys?.some((k) => k in w.settings)) return w;
    changed = true;
    return { ...w, settings: Object.fromEntries(Object.entries(w.settings).filter(([k]) => !keys.includes(k))) };
  });
  return changed ? { ...content, bindings, widgets } : content;
}

/** Unsaved changes kept when the page was left: the version they were made on, and the content. */
interface Unsaved {
  base: DashboardContent;
  content: DashboardContent;
}

export interface BoardState {
  doc: DashboardDocument;
  /** What the user sees and edits. */
  content: DashboardContent;
  /** The content the server last accepted. */
  saved: DashboardContent;
  revision: number;
  savedRevision: number;
  saveStatus: SaveStatus;
  /** Selection and tabs (not saved). */
  view: BoardView;
  /** A save was refused as changed elsewhere: the version the user's changes were made on. */
  conflict: { base: DashboardContent } | null;
}

export interface BoardOptions {
  api: ApiClient;
  bus: Bus;
  t: Translate;
  readOnly: boolean;
  delayMs?: number;
}

export interface Board {
  store: StoreApi<BoardState>;
  readOnly: boolean;
  /** Applies a change; a refusal is shown as a toast and answers false. */
  change(fn: (content: DashboardContent) => Change): boolean;
  /** Replaces the document (load, restore): nothing to save. */
  replace(doc: DashboardDocument): void;
  /** Sends pending changes now. */
  flush(): Promise<void>;
  /** Stops the timer; pending changes are sent right away. */
  dispose(): void;
  /** Stops the timer and drops pending changes (the dashboard is being deleted). */
  discard(): void;
  /** Changes the view state (selection, tabs): kept for the browser session, never saved. */
  changeView(fn: (view: BoardView) => BoardView): void;
  /** After a conflict: the user's changes on the fresh version (true) or the fresh version alone. */
  resolveConflict(applyMine: boolean): void;
  /** The page is being left: pending changes go out with keepalive and are kept locally. */
  leave(): void;
}

export function createBoard(
  doc: DashboardDocument,
  { api, bus, t, readOnly, delayMs = DASHBOARD_SAVE_DEBOUNCE_MS }: BoardOptions,
): Board {
  const start = withoutView(doc.content);
  const storedView = readJson<BoardView>(session(), viewKey(doc.id));
  const store = createStore<BoardState>()(() => ({
    doc,
    content: start,
    saved: start,
    revision: 0,
    savedRevision: 0,
    saveStatus: 'saved',
    view: storedView && typeof storedView === 'object' ? { ...EMPTY_VIEW, ...storedView } : EMPTY_VIEW,
    conflict: null,
  }));
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inflight: Promise<void> | null = null;
  let disposed = false;

  const schedule = () => {
    if (readOnly || store.getState().saveStatus === 'conflict') return;
    clearTimeout(timer);
    timer = setTimeout(() => void flush(), delayMs);
  };

  async function save(): Promise<void> {
    const s = store.getState();
    if (s.revision === s.savedRevision) return;
    const revision = s.revision;
    const id = s.doc.id;
    const checked = validateDashboardContent(s.content);
    if (!checked.ok) {
      toast(bus, 'danger', messageText(t, checked.error));
      store.setState((x) => ({
        content: x.saved,
        revision: x.revision + 1,
        savedRevision: x.revision + 1,
        saveStatus: 'saved',
      }));
      return;
    }
    store.setState({ saveStatus: 'saving' });
    const res = await call(api, ENDPOINTS.saveDashboard, {
      path: { id },
      data: { content: s.content, updatedAt: s.doc.updatedAt },
    });
    if (store.getState().doc.id !== id) return;
    if (res.ok) {
      store.setState((x) => ({
        doc: { ...x.doc, updatedAt: res.data.updatedAt },
        saved: s.content,
        savedRevision: revision,
        saveStatus: x.revision === revision ? 'saved' : 'pending',
      }));
      if (store.getState().revision === revision) writeJson(local(), unsavedKey(id), null);
      return;
    }
    if (res.status === 409) {
      const fresh = await call(api, ENDPOINTS.dashboard, { path: { id } });
      if (store.getState().doc.id !== id) return;
      toast(bus, 'warning', t('board.errors.conflict'));
      if (!fresh.ok) {
        store.setState({ saveStatus: 'failed' });
        return;
      }
      // The fresh version is what the next save is based on; the user's content stays on screen
      // until he chooses (resolveConflict).
      clearTimeout(timer);
      store.setState((x) => ({
        doc: fresh.data,
        conflict: { base: x.conflict?.base ?? x.saved },
        saved: withoutView(fresh.data.content),
        saveStatus: 'conflict',
      }));
      return;
    }
    if (res.status !== undefined && res.status >= 400 && res.status < 500) {
      toast(bus, 'danger', messageText(t, res.message));
      store.setState((x) => ({
        content: x.saved,
        revision: x.revision + 1,
        savedRevision: x.revision + 1,
        saveStatus: 'saved',
      }));
      return;
    }
    // Network or server error: the shared client toasts network errors; a 5xx we say ourselves.
    if (res.status !== undefined) toast(bus, 'danger', t('board.errors.saveFailed'));
    store.setState({ saveStatus: 'failed' });
  }

  async function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    if (readOnly || store.getState().saveStatus === 'conflict') return;
    while (inflight) await inflight;
    const s = store.getState();
    if (s.revision === s.savedRevision) return;
    inflight = save().finally(() => {
      inflight = null;
    });
    await inflight;
  }

  function change(fn: (content: DashboardContent) => Change): boolean {
    const result = fn(store.getState().content);
    if (!result.ok) {
      toast(bus, 'danger', messageText(t, result.error));
      return false;
    }
    if (result.content === store.getState().content) return true;
    store.setState((x) => ({
      content: result.content,
      revision: x.revision + 1,
      saveStatus: readOnly || x.saveStatus === 'conflict' ? x.saveStatus : 'pending',
    }));
    if (!disposed) schedule();
    return true;
  }

  function replace(next: DashboardDocument) {
    clearTimeout(timer);
    const content = withoutView(next.content);
    store.setState((x) => ({
      doc: next,
      content,
      saved: content,
      revision: x.revision + 1,
      savedRevision: x.revision + 1,
      saveStatus: 'saved',
      conflict: null,
    }));
    writeJson(local(), unsavedKey(next.id), null);
  }

  function changeView(fn: (view: BoardView) => BoardView) {
    const view = fn(store.getState().view);
    if (view === store.getState().view) return;
    store.setState({ view });
    writeJson(session(), viewKey(store.getState().doc.id), view);
  }

  /** Applies the user's changes (from `base`) on the current document's content as a new change. */
  function applyOnto(base: DashboardContent, mine: DashboardContent) {
    const theirs = store.getState().saved;
    let merged = rebaseContent(base, mine, theirs);
    if (!validateDashboardContent(merged).ok) merged = mine;
    store.setState((x) => ({
      content: merged,
      revision: x.revision + 1,
      saveStatus: readOnly ? x.saveStatus : 'pending',
      conflict: null,
    }));
    if (!disposed) schedule();
  }

  function resolveConflict(applyMine: boolean) {
    const s = store.getState();
    if (!s.conflict) return;
    if (applyMine) applyOnto(s.conflict.base, s.content);
    else replace(s.doc);
  }

  function leave() {
    const s = store.getState();
    if (readOnly || s.revision === s.savedRevision) return;
    writeJson(local(), unsavedKey(s.doc.id), { base: s.conflict?.base ?? s.saved, content: s.content } satisfies Unsaved);
    if (s.saveStatus === 'conflict' || typeof fetch === 'undefined') return;
    void fetch(pathFor(ENDPOINTS.saveDashboard, { id: s.doc.id }), {
      method: ENDPOINTS.saveDashboard.method,
      keepalive: true,
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ content: s.content, updatedAt: s.doc.updatedAt }),
    }).catch(() => undefined);
  }

  // Changes kept when the page was last left (a keepalive that lost a race, or never arrived):
  // applied on what the server has now, and saved.
  const unsaved = readOnly ? null : readJson<Unsaved>(local(), unsavedKey(doc.id));
  if (unsaved?.base && unsaved.content) {
    try {
      const merged = rebaseContent(withoutView(unsaved.base), withoutView(unsaved.content), start);
      if (JSON.stringify(merged) !== JSON.stringify(start)) applyOnto(withoutView(unsaved.base), withoutView(unsaved.content));
    } catch {
      // A kept copy from an older editor that no longer fits: dropped.
    }
    writeJson(local(), unsavedKey(doc.id), null);
  }

  function dispose() {
    disposed = true;
    const s = store.getState();
    if (!readOnly && s.revision !== s.savedRevision) void flush();
    else clearTimeout(timer);
  }

  function discard() {
    disposed = true;
    clearTimeout(timer);
    store.setState((x) => ({ savedRevision: x.revision, saveStatus: 'saved', conflict: null }));
    writeJson(local(), unsavedKey(store.getState().doc.id), null);
  }

  return { store, readOnly, change, replace, flush, dispose, discard, changeView, resolveConflict, leave };
}
