/**
 * One open dashboard: its document, the local content the user edits, and the saver.
 *
 * Saving: every change (layout, widgets, link groups, bindings, settings) bumps a
 * revision; the saver sends the content once, DASHBOARD_SAVE_DEBOUNCE_MS after the LAST change,
 * with the save endpoint's { content, updatedAt }. Saves never overlap: one that comes
 * due while another is in flight waits for it, so the next one carries the new updatedAt.
 * - 409 (changed elsewhere): the document is fetched again, replaces the local one, and a toast
 *   says so — nothing is dropped without the user being told.
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
  validateDashboardContent,
  type ApiClient,
  type Bus,
  type DashboardContent,
  type DashboardDocument,
} from '@fieldwatch/shared';
import type { Change } from './content-edits';
import { messageText, toast, type Translate } from './board-messages';
import { call } from './dashboard-api';

export type SaveStatus = 'saved' | 'pending' | 'saving' | 'failed';

export interface BoardState {
  doc: DashboardDocument;
  /** What the user sees and edits. */
  content: DashboardContent;
  /** The content the server last accepted. */
  saved: DashboardContent;
  revision: number;
  savedRevision: number;
  saveStatus: SaveStatus;
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
}

export function createBoard(
  doc: DashboardDocument,
  { api, bus, t, readOnly, delayMs = DASHBOARD_SAVE_DEBOUNCE_MS }: BoardOptions,
): Board {
  const store = createStore<BoardState>()(() => ({
    doc,
    content: doc.content,
    saved: doc.content,
    revision: 0,
    savedRevision: 0,
    saveStatus: 'saved',
  }));
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inflight: Promise<void> | null = null;
  let disposed = false;

  const schedule = () => {
    if (readOnly) return;
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
      return;
    }
    if (res.status === 409) {
      const fresh = await call(api, ENDPOINTS.dashboard, { path: { id } });
      toast(bus, 'warning', t('board.errors.conflict'));
      if (fresh.ok) replace(fresh.data);
      else store.setState({ saveStatus: 'failed' });
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
    if (readOnly) return;
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
      saveStatus: readOnly ? x.saveStatus : 'pending',
    }));
    if (!disposed) schedule();
    return true;
  }

  function replace(next: DashboardDocument) {
    clearTimeout(timer);
    store.setState((x) => ({
      doc: next,
      content: next.content,
      saved: next.content,
      revision: x.revision + 1,
      savedRevision: x.revision + 1,
      saveStatus: 'saved',
    }));
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
    store.setState((x) => ({ savedRevision: x.revision, saveStatus: 'saved' }));
  }

  return { store, readOnly, change, replace, flush, dispose, discard };
}
