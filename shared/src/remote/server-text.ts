/**
 * useServerText(): text the server wrote (event titles, notification messages, alarm task
 * titles, alarm texts, unit type names) in the reader's language (domain/local-text.ts). Each
 * falls back to the stored English text when the document has no key or the catalogue lacks it.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  renderAlarmText,
  renderAlarmType,
  renderLocalText,
  renderUnitType,
  type LocalText,
  type TextFunction,
} from '@fieldwatch/shared';

export interface ServerText {
  /** A LocalText, or `fallback` (the stored text). */
  text(text: LocalText | undefined | null, fallback: string): string;
  /** An alarm text (AlarmEventText, event.alarm.text) as the server wrote it. */
  alarmText(text: string | undefined | null): string;
  alarmType(type: number): string;
  unitType(code: number): string;
  eventTitle(e: { title: string; titleText?: LocalText }): string;
  notificationMessage(n: { message: string; messageText?: LocalText }): string;
  /** A task's title: the server's in the reader's language, or the words a person gave it. */
  taskTitle(task: { title: string; titleText?: LocalText }): string;
}

/** Remembers answers per key (a list of 100,000 units has a few dozen unit types). */
function cached<K, V>(fn: (k: K) => V, max = 5000): (k: K) => V {
  const memo = new Map<K, V>();
  return (k) => {
    let v = memo.get(k);
    if (v === undefined && !memo.has(k)) {
      v = fn(k);
      if (memo.size >= max) memo.clear();
      memo.set(k, v);
    }
    return v as V;
  };
}

export function serverTextOf(t: TextFunction): ServerText {
  return {
    text: (text, fallback) => renderLocalText(text, fallback, t),
    alarmText: cached((text: string | undefined | null) => renderAlarmText(text, t)),
    alarmType: cached((type: number) => renderAlarmType(type, t)),
    unitType: cached((code: number) => renderUnitType(code, t)),
    eventTitle: (e) => renderLocalText(e.titleText, e.title, t),
    notificationMessage: (n) => renderLocalText(n.messageText, n.message, t),
    taskTitle: (task) => renderLocalText(task.titleText, task.title, t),
  };
}

/** The server's texts in the language the page shows now (re-renders on a language change). */
export function useServerText(): ServerText {
  // react-i18next gives a new t when the language changes.
  const { t } = useTranslation();
  return useMemo(() => serverTextOf(t as unknown as TextFunction), [t]);
}
