import type { TFunction } from 'i18next';
import { SYSTEM_USER } from '@fieldwatch/shared';

/** Who did something: the user name, or "System" for the alarm pipeline. */
export function userLabel(user: string, t: TFunction): string {
  return !user || user === SYSTEM_USER ? t('tasks:system') : user;
}
