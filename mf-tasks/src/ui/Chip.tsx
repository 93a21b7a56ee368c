/** Chips for task categories and statuses and notification priorities, in the tones of the shared Chip. */
import { useTranslation } from 'react-i18next';
import type { EventCategory, NotificationPriority, TaskStatus } from '@fieldwatch/shared';
import { Chip, type Tone } from '@fieldwatch/shared/ui';

const CATEGORY_TONE: Record<EventCategory, Tone> = {
  notice: 'info',
  warning: 'warning',
  'pre-alert': 'orange',
  alert: 'danger',
  critical: 'critical',
};
const STATUS_TONE: Record<TaskStatus, Tone> = {
  resting: 'neutral',
  working: 'info',
  reported: 'warning',
  done: 'success',
  archived: 'muted',
};
const PRIORITY_TONE: Record<NotificationPriority, Tone> = {
  low: 'muted',
  normal: 'info',
  high: 'warning',
  critical: 'critical',
};

export function CategoryChip({ category }: { category: EventCategory }) {
  const { t } = useTranslation('tasks');
  return (
    <Chip tone={CATEGORY_TONE[category] ?? 'neutral'}>
      {t(`category.${category}`, { defaultValue: category })}
    </Chip>
  );
}

export function TaskStatusChip({ status }: { status: TaskStatus }) {
  const { t } = useTranslation('tasks');
  return (
    <Chip tone={STATUS_TONE[status] ?? 'neutral'}>{t(`status.${status}`, { defaultValue: status })}</Chip>
  );
}

export function PriorityChip({ priority }: { priority: NotificationPriority }) {
  const { t } = useTranslation('tasks');
  return (
    <Chip tone={PRIORITY_TONE[priority] ?? 'neutral'}>
      {t(`priority.${priority}`, { defaultValue: priority })}
    </Chip>
  );
}

const TASK_PRIORITY_TONE: Record<string, Tone> = {
  critical: 'critical',
  alert: 'danger',
  warning: 'warning',
  notice: 'info',
};

/** A task's priority (critical, alert, warning, notice). */
export function TaskPriorityChip({ priority }: { priority: string }) {
  const { t } = useTranslation('tasks');
  return (
    <Chip tone={TASK_PRIORITY_TONE[priority] ?? 'neutral'}>
      {t(`taskPriority.${priority}`, { defaultValue: priority })}
    </Chip>
  );
}
