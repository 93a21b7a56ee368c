/** The settings tabs that are a form of fields and nothing more: schedule, GPRS and network. */
import { SettingsPanel } from '../../settings/SettingsForm';
import type { UnitTabProps } from '../types';
import { GPRS_FIELDS, NETWORK_FIELDS, SCHEDULE_FIELDS } from './fields';

export function ScheduleTab({ unitId, canEdit }: UnitTabProps) {
  return (
    <SettingsPanel
      unitId={unitId}
      canEdit={canEdit}
      title="unit.schedule.title"
      intro="unit.schedule.intro"
      fields={SCHEDULE_FIELDS}
      testId="schedule-tab"
    />
  );
}

export function GprsTab({ unitId, canEdit }: UnitTabProps) {
  return (
    <SettingsPanel
      unitId={unitId}
      canEdit={canEdit}
      title="unit.gprs.title"
      intro="unit.gprs.intro"
      fields={GPRS_FIELDS}
      testId="gprs-tab"
    />
  );
}

export function NetworkTab({ unitId, canEdit }: UnitTabProps) {
  return (
    <SettingsPanel
      unitId={unitId}
      canEdit={canEdit}
      title="unit.network.title"
      intro="unit.network.intro"
      fields={NETWORK_FIELDS}
      testId="network-tab"
    />
  );
}
