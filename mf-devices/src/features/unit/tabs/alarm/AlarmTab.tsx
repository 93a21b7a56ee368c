/**
 * A unit's alarm settings: whether the unit raises alarms and how often an active alarm is
 * repeated (settings section `alarm`), and per channel with limits the low and high limit of each
 * level 1–4 (the channel's limits, checked by the shared rule validateLimits before sending).
 * A changed limit is saved per level; afterwards the unit's alarm state is asked again, so the
 * page shows the alarms the server now holds.
 */
import { type KeyboardEvent, useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  type AlarmLimit,
  alarmTypeKey,
  type ChannelInfo,
  type ChannelLimits,
  ENDPOINTS,
  limitKindOf,
  pathFor,
  type UnitDetails,
  validateLimits,
} from '@fieldwatch/shared';
import { loadViewLabels, useApiQuery, useRemote } from '@fieldwatch/shared/remote';
import { Button, Card, Chip, EmptyState, LoadView, Table } from '@fieldwatch/shared/ui';
import type { SettingsField } from '../../settings/fields';
import { SettingsPanel } from '../../settings/SettingsForm';
import type { UnitTabProps } from '../types';
import { parseNumber, unitKeys, write, type WriteState, WriteStatus } from '../../settings/tab-kit';
import css from './AlarmTab.module.css';

/** Settings section `alarm` (the server's defaults: on, repeated every 60 minutes; at most once a day). */
export const ALARM_FIELDS: readonly SettingsField[] = [
  { kind: 'bool', section: 'alarm', key: 'enabled', label: 'unitTabs.alarm.enabled', default: true },
  {
    kind: 'number',
    section: 'alarm',
    key: 'repeatMin',
    label: 'unitTabs.alarm.repeat',
    min: 1,
    max: 1440,
    unit: 'unitTabs.alarm.minutesUnit',
    default: 60,
  },
];

export function AlarmTab({ unitId, details, canEdit }: UnitTabProps) {
  const { t } = useTranslation('devices');
  const limitChannels = useMemo(
    () => details.Channels.filter((c) => limitKindOf(c.ChannelKind, c.ChannelName) !== null),
    [details.Channels],
  );

  return (
    <div className={css.tab} data-testid="alarm-tab">
      <SettingsPanel
        unitId={unitId}
        canEdit={canEdit}
        title="unitTabs.alarm.settingsTitle"
        intro="unitTabs.alarm.settingsIntro"
        fields={ALARM_FIELDS}
        testId="alarm-settings"
      />
      {limitChannels.length === 0 ? (
        <Card title={t('unitTabs.alarm.limitsTitle')}>
          <EmptyState title={t('unitTabs.alarm.noLimitChannels')} />
        </Card>
      ) : (
        limitChannels.map((c) => (
          <ChannelLimitsCard key={c.ChannelID} unitId={unitId} channel={c} unit={details} canEdit={canEdit} />
        ))
      )}
    </div>
  );
}

function ChannelLimitsCard(props: {
  unitId: number;
  channel: ChannelInfo;
  unit: UnitDetails;
  canEdit: boolean;
}) {
  const { unitId, channel, unit, canEdit } = props;
  const { t } = useTranslation('devices');
  const { api } = useRemote();
  const n = channel.ChannelID;
  const load = useApiQuery(unitKeys.limits(unitId, n), () =>
    api.get<ChannelLimits>(pathFor(ENDPOINTS.channelLimits, { id: unitId, n })),
  );
  const active = unit.AlarmEvents.filter((a) => a.ChannelID === n);
  const uom = channel.UnitOfMeasure ? ` (${channel.UnitOfMeasure})` : '';

  return (
    <Card
      title={`${channel.ChannelName}${uom}`}
      data-testid={`limits-${n}`}
      actions={
        <span className={css.alarmState} data-testid={`alarm-state-${n}`}>
          {active.length === 0 ? (
            <Chip tone="success">{t('unitTabs.alarm.noActiveAlarm')}</Chip>
          ) : (
            active.map((a) => (
              <Chip key={a.AlarmID} tone="danger">
                {t(`common:${alarmTypeKey(a.AlarmType)}`, {
                  defaultValue: t('unitTabs.alarm.alarmType', { type: a.AlarmType }),
                })}
              </Chip>
            ))
          )}
        </span>
      }
    >
      <LoadView load={load} labels={loadViewLabels(t, 'unitTabs.alarm.limits.')} bare>
        {(limits) => (
          <div className={css.stack}>
            <Table label={t('unitTabs.alarm.tableLabel', { channel: channel.ChannelName })} stacked>
              <thead>
                <tr>
                  <th scope="col">{t('unitTabs.alarm.level')}</th>
                  <th scope="col">{t('unitTabs.alarm.low')}</th>
                  <th scope="col">{t('unitTabs.alarm.high')}</th>
                  <th scope="col">{t('unitTabs.alarm.levelEnabled')}</th>
                  {canEdit && <th scope="col">{t('unitTabs.common.actions')}</th>}
                </tr>
              </thead>
              <tbody>
                {limits.levels.map((l) => (
                  <LevelRow
                    key={l.level}
                    unitId={unitId}
                    channel={n}
                    channelName={channel.ChannelName}
                    limit={l}
                    canEdit={canEdit}
                    unitOfMeasure={channel.UnitOfMeasure}
                  />
                ))}
              </tbody>
            </Table>
          </div>
        )}
      </LoadView>
    </Card>
  );
}

const text = (v: number | null) => (v === null ? '' : String(v));

function LevelRow(props: {
  unitId: number;
  channel: number;
  channelName: string;
  limit: AlarmLimit;
  canEdit: boolean;
  unitOfMeasure: string;
}) {
  const { unitId, channel, channelName, limit, canEdit } = props;
  const { t } = useTranslation('devices');
  const { api, bus } = useRemote();
  const queryClient = useQueryClient();
  const [low, setLow] = useState(text(limit.low));
  const [high, setHigh] = useState(text(limit.high));
  const [enabled, setEnabled] = useState(limit.enabled);
  const [state, setState] = useState<WriteState>({ kind: 'idle' });
  const [problem, setProblem] = useState<string>();
  const dirty =
    low.trim() !== text(limit.low) || high.trim() !== text(limit.high) || enabled !== limit.enabled;

  // Stored limits that change (another level saved, a reload) show unless the user is editing this level.
  const stored = `${text(limit.low)}|${text(limit.high)}|${limit.enabled}`;
  const [seen, setSeen] = useState(stored);
  useEffect(() => {
    if (stored === seen) return;
    setSeen(stored);
    if (!dirty || state.kind === 'saved') {
      setLow(text(limit.low));
      setHigh(text(limit.high));
      setEnabled(limit.enabled);
    }
  }, [stored, seen, dirty, state.kind, limit]);

  if (!canEdit) {
    const shown = (v: number | null) =>
      v === null
        ? t('unitTabs.alarm.noLimit')
        : `${v}${props.unitOfMeasure ? ` ${props.unitOfMeasure}` : ''}`;
    return (
      <tr data-testid={`level-${channel}-${limit.level}`}>
        <th scope="row" data-label={t('unitTabs.alarm.level')}>
          {t('unitTabs.alarm.levelN', { level: limit.level })}
        </th>
        <td data-label={t('unitTabs.alarm.low')}>{shown(limit.low)}</td>
        <td data-label={t('unitTabs.alarm.high')}>{shown(limit.high)}</td>
        <td data-label={t('unitTabs.alarm.levelEnabled')}>
          {limit.enabled ? t('unitTabs.common.on') : t('unitTabs.common.off')}
        </td>
      </tr>
    );
  }

  const save = async () => {
    const lowN = parseNumber(low);
    const highN = parseNumber(high);
    if (!lowN.ok || !highN.ok) {
      setProblem(t('unitTabs.alarm.notNumber'));
      return;
    }
    const level = { level: limit.level, low: lowN.value, high: highN.value, enabled };
    // The same rule the server applies (levels, numbers, low not above high).
    if (validateLimits([level]).length > 0) {
      setProblem(t('unitTabs.alarm.lowAboveHigh'));
      return;
    }
    setProblem(undefined);
    setState({ kind: 'saving' });
    // Only what the user changed: fields left out keep their stored value on the server.
    const changes = {
      level: limit.level,
      ...(level.low !== limit.low ? { low: level.low } : {}),
      ...(level.high !== limit.high ? { high: level.high } : {}),
      ...(level.enabled !== limit.enabled ? { enabled: level.enabled } : {}),
    };
    const res = await write<ChannelLimits>(
      api,
      'PUT',
      pathFor(ENDPOINTS.setChannelLimits, { id: unitId, n: channel }),
      {
        levels: [changes],
      },
    );
    if (!res.ok) {
      const message = res.status === 403 ? t('unitTabs.common.forbidden') : t('unitTabs.alarm.failed');
      setState({ kind: 'error', message });
      bus.emit('toast', { kind: 'danger', message, raw: true });
      return;
    }
    queryClient.setQueryData(unitKeys.limits(unitId, channel), res.data);
    const saved = res.data.levels.find((l) => l.level === limit.level);
    if (saved) {
      setLow(text(saved.low));
      setHigh(text(saved.high));
      setEnabled(saved.enabled);
    }
    const message = t('unitTabs.alarm.updated');
    setState({ kind: 'saved', message });
    bus.emit('toast', { kind: 'success', message, raw: true });
    // The unit's alarm state follows its limits: the page asks for the unit's details (alarms) and log again.
    void queryClient.invalidateQueries({ queryKey: unitKeys.details(unitId) });
    void queryClient.invalidateQueries({ queryKey: unitKeys.log(unitId) });
  };

  const busy = state.kind === 'saving';
  // A new edit ends what the last save said.
  const edit = <T,>(setter: (v: T) => void, v: T) => {
    setter(v);
    setProblem(undefined);
    setState((s) => (s.kind === 'saved' ? { kind: 'idle' } : s));
  };
  // Enter in a limit saves the level, as a form would.
  const onEnter = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' && dirty && !busy) void save();
  };
  return (
    <tr data-testid={`level-${channel}-${limit.level}`}>
      <th scope="row" data-label={t('unitTabs.alarm.level')}>
        {t('unitTabs.alarm.levelN', { level: limit.level })}
      </th>
      <td data-label={t('unitTabs.alarm.low')}>
        <input
          className={css.number}
          inputMode="decimal"
          value={low}
          placeholder={t('unitTabs.alarm.noLimit')}
          aria-label={t('unitTabs.alarm.lowOf', { level: limit.level, channel: channelName })}
          aria-invalid={problem ? true : undefined}
          onChange={(e) => edit(setLow, e.target.value)}
          onKeyDown={onEnter}
        />
      </td>
      <td data-label={t('unitTabs.alarm.high')}>
        <input
          className={css.number}
          inputMode="decimal"
          value={high}
          placeholder={t('unitTabs.alarm.noLimit')}
          aria-label={t('unitTabs.alarm.highOf', { level: limit.level, channel: channelName })}
          aria-invalid={problem ? true : undefined}
          onChange={(e) => edit(setHigh, e.target.value)}
          onKeyDown={onEnter}
        />
      </td>
      <td data-label={t('unitTabs.alarm.levelEnabled')}>
        <input
          type="checkbox"
          checked={enabled}
          aria-label={t('unitTabs.alarm.enabledOf', { level: limit.level, channel: channelName })}
          onChange={(e) => edit(setEnabled, e.target.checked)}
        />
      </td>
      <td data-label={t('unitTabs.common.actions')}>
        <div className={css.rowActions}>
          <Button
            size="small"
            variant="primary"
            disabled={!dirty || busy}
            aria-busy={busy || undefined}
            onClick={() => void save()}
            aria-label={t('unitTabs.alarm.saveLevel', { level: limit.level, channel: channelName })}
          >
            {t('common:action.save')}
          </Button>
          <WriteStatus state={state} problem={problem} testId={`level-status-${channel}-${limit.level}`} />
        </div>
      </td>
    </tr>
  );
}
