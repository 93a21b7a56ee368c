import type { TFunction } from 'i18next';
import { SYSTEM_USER } from '@fieldwatch/shared';

/** Who did something: the user's name (`nameOf`, else the username), or "System" for the alarm pipeline. */
export function userLabel(user: string, t: TFunction, nameOf: (u: string) => string = (u) => u): string {
  return !user || user === SYSTEM_USER ? t('tasks:system') : nameOf(user);
}
