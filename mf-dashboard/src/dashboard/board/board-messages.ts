/**
 * What the dashboard tells the user about its documents: the shared rules' and the dashboard API's
 * messages in the user's language, shown as toasts on the shell's bus.
 */
import { DASHBOARD_LIMITS, DASHBOARD_MESSAGES, MESSAGES, type Bus, type ToastKind } from '@fieldwatch/shared';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Known messages of the shared rules and the dashboard API, by translation key (dashboard namespace). */
const MESSAGE_KEYS: Record<string, string> = {
  [MESSAGES.onlyOneMap]: 'board.errors.onlyOneMap',
  [MESSAGES.linkGroupMissing]: 'board.errors.linkGroupMissing',
  [MESSAGES.dashboardNotFound]: 'notFound.title',
  [DASHBOARD_MESSAGES.conflict]: 'board.errors.conflict',
  [DASHBOARD_MESSAGES.builtInNotDeletable]: 'board.errors.builtInNotDeletable',
  [DASHBOARD_MESSAGES.notBuiltIn]: 'board.errors.notBuiltIn',
  [DASHBOARD_MESSAGES.tooManyWidgets]: 'board.errors.tooManyWidgets',
  [DASHBOARD_MESSAGES.tooManyLinkGroups]: 'board.errors.tooManyLinkGroups',
};

/** A server or rule message in the user's language when we know it, else as the server wrote it. */
export function messageText(t: Translate, message: string): string {
  const key = MESSAGE_KEYS[message];
  return key
    ? t(key, { widgets: DASHBOARD_LIMITS.widgets, linkGroups: DASHBOARD_LIMITS.linkGroups })
    : message;
}

export function toast(bus: Bus, kind: ToastKind, message: string) {
  bus.emit('toast', { kind, message, raw: true });
}
