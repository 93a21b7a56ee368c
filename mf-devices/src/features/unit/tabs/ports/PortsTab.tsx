/**
 * A unit's port settings, per channel: its kind (as the unit reports it), name and unit of measure
 * (the older API's GetChannel / EditChannel) and the scaling of its raw value, value = raw × factor
 * + offset (settings section `ports`, keys ch<n>Factor and ch<n>Offset, saved under the settings
 * document's revision). Each channel is saved on its own; what the user typed stays on a failure.
 */
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  type ChannelInfo,
  ENDPOINTS,
  pathFor,
  queryKeys,
  type Result,
  type SettingsValue,
  type UnitSettings,
} from '@fieldwatch/shared';
import { loadViewLabels, useApiQuery, useRemote } from '@fieldwatch/shared/remote';
import { Button, Card, EmptyState, LoadView, Table } from '@fieldwatch/shared/ui';
import type { UnitTabProps } from '../types';
import { useUnitSettings } from '../../settings/useSettingsForm';
import { parseNumber, unitKeys, write, type WriteState, WriteStatus } from '../../settings/tab-kit';
import css from './PortsTab.module.css';

/** A row of xrequest GetChannel / EditChannel. */
export interface ChannelRow extends ChannelInfo {
  UnitID: number;
}

/** The settings section and keys of a channel's scaling. */
export const PORTS_SECTION = 'ports';
export const factorKey = (channel: number) => `ch${channel}Factor`;
export const offsetKey = (channel: number) => `ch${channel}Offset`;
/** Longest name and unit of measure EditChannel takes. */
export const CHANNEL_TEXT_MAX = 100;

export function PortsTab({ unitId, canEdit }: UnitTabProps) {
  const { t } = useTranslation('devices');
  const { api } = useRemote();
  const channels = useApiQuery(unitKeys.channels(unitId), async (): Promise<Result<ChannelRow[]>> => {
    try {
      return [await api.legacy<ChannelRow>('GetChannel', { UnitID: unitId }), false];
    } catch {
      return [undefined, true];
    }
  });
  const settings = useUnitSettings(unitId);
  const both = {
    status:
      channels.status === 'ready' && settings.status === 'ready'
        ? ('ready' as const)
        : channels.status === 'error' || settings.status === 'error'
          ? ('error' as const)
          : ('loading' as const),
    data: channels.data && settings.data ? { channels: channels.data, settings: settings.data } : undefined,
    reload: () => {
      channels.reload();
      settings.reload();
    },
  };

  return (
    <div className={css.tab} data-testid="ports-tab">
      <Card title={t('unitTabs.ports.title')} flush>
        <p className={css.intro}>{t('unitTabs.ports.intro')}</p>
        <LoadView load={both} labels={loadViewLabels(t, 'unitTabs.ports.')} bare>
          {({ channels: list, settings: doc }) =>
            list.length === 0 ? (
              <EmptyState title={t('unitTabs.ports.none')} />
            ) : (
              <div className={css.stack}>
                <Table label={t('unitTabs.ports.title')} stacked>
                  <thead>
                    <tr>
                      <th scope="col">{t('unitTabs.ports.channel')}</th>
                      <th scope="col">{t('unitTabs.ports.kind')}</th>
                      <th scope="col">{t('unitTabs.ports.name')}</th>
                      <th scope="col">{t('unitTabs.ports.unitOfMeasure')}</th>
                      <th scope="col">{t('unitTabs.ports.factor')}</th>
                      <th scope="col">{t('unitTabs.ports.offset')}</th>
                      {canEdit && <th scope="col">{t('unitTabs.common.actions')}</th>}
                    </tr>
                  </thead>
                  <tbody>
                    {list.map((c) => (
                      <ChannelRowView
                        key={c.ChannelID}
                        unitId={unitId}
                        channel={c}
                        doc={doc}
                        canEdit={canEdit}
                        onReload={settings.reload}
                      />
                    ))}
                  </tbody>
                </Table>
              </div>
            )
          }
        </LoadView>
      </Card>
    </div>
  );
}

const num = (v: SettingsValue | undefined, fallback: number) => (typeof v === 'number' ? v : fallback);

function ChannelRowView(props: {
  unitId: number;
  channel: ChannelRow;
  doc: UnitSettings;
  canEdit: boolean;
  onReload: () => void;
}) {
  const { unitId, channel, doc, canEdit } = props;
  const n = channel.ChannelID;
  const { t } = useTranslation('devices');
  const { api, bus } = useRemote();
  const queryClient = useQueryClient();
  const section = doc.settings[PORTS_SECTION] ?? {};
  const stored = {
    name: channel.ChannelName,
    uom: channel.UnitOfMeasure,
    factor: String(num(section[factorKey(n)], 1)),
    offset: String(num(section[offsetKey(n)], 0)),
  };
  const [draft, setDraft] = useState<Partial<typeof stored>>({});
  const [state, setState] = useState<WriteState>({ kind: 'idle' });
  const [problem, setProblem] = useState<string>();
  const values = { ...stored, ...draft };
  const changed = (k: keyof typeof stored) => values[k].trim() !== stored[k];
  const dirty = changed('name') || changed('uom') || changed('factor') || changed('offset');
  const set = (k: keyof typeof stored, v: string) => {
    setDraft((d) => ({ ...d, [k]: v }));
    setProblem(undefined);
    setState((s) => (s.kind === 'saved' ? { kind: 'idle' } : s));
  };
  // A saved draft that the server now holds is no longer a draft.
  const storedKey = JSON.stringify(stored);
  useEffect(() => {
    setDraft((d) => {
      const s = JSON.parse(storedKey) as typeof stored;
      const left = Object.fromEntries(
        Object.entries(d).filter(([k, v]) => v?.trim() !== s[k as keyof typeof stored]),
      );
      return Object.keys(left).length === Object.keys(d).length ? d : left;
    });
  }, [storedKey]);

  const kind = t(`unitTabs.ports.kinds.${channel.ChannelKind}`, { defaultValue: channel.ChannelKind });

  if (!canEdit)
    return (
      <tr data-testid={`channel-${n}`}>
        <th scope="row" data-label={t('unitTabs.ports.channel')}>
          {n}
        </th>
        <td data-label={t('unitTabs.ports.kind')}>{kind}</td>
        <td data-label={t('unitTabs.ports.name')}>{stored.name}</td>
        <td data-label={t('unitTabs.ports.unitOfMeasure')}>{stored.uom || '—'}</td>
        <td data-label={t('unitTabs.ports.factor')}>{stored.factor}</td>
        <td data-label={t('unitTabs.ports.offset')}>{stored.offset}</td>
      </tr>
    );

  const save = async () => {
    const name = values.name.trim();
    const uom = values.uom.trim();
    const factor = parseNumber(values.factor);
    const offset = parseNumber(values.offset);
    if (name === '') return setProblem(t('unitTabs.ports.nameRequired'));
    if (name.length > CHANNEL_TEXT_MAX || uom.length > CHANNEL_TEXT_MAX)
      return setProblem(t('unitTabs.ports.tooLong', { max: CHANNEL_TEXT_MAX }));
    if (!factor.ok || factor.value === null || factor.value === 0)
      return setProblem(t('unitTabs.ports.factorInvalid'));
    if (!offset.ok || offset.value === null) return setProblem(t('unitTabs.ports.offsetInvalid'));
    setProblem(undefined);
    setState({ kind: 'saving' });

    if (changed('name') || changed('uom')) {
      try {
        const [row] = await api.legacy<ChannelRow>('EditChannel', {
          UnitID: unitId,
          ChannelID: n,
          ChannelName: name,
          UnitOfMeasure: uom,
        });
        queryClient.setQueryData<ChannelRow[]>(unitKeys.channels(unitId), (list) =>
          list?.map((c) => (c.ChannelID === n && row ? row : c)),
        );
        // Channel names show on the page (details) and in the alarm limits: ask for those again.
        void queryClient.invalidateQueries({ queryKey: unitKeys.details(unitId) });
        void queryClient.invalidateQueries({ queryKey: queryKeys.unitPart(unitId, 'limits') });
      } catch (err) {
        const status = (err as { status?: number }).status;
        const message = status === 403 ? t('unitTabs.common.forbidden') : t('unitTabs.ports.channelFailed');
        setState({ kind: 'error', message });
        bus.emit('toast', { kind: 'danger', message, raw: true });
        return;
      }
    }
    if (changed('factor') || changed('offset')) {
      const settings = {
        ...doc.settings,
        [PORTS_SECTION]: { ...section, [factorKey(n)]: factor.value, [offsetKey(n)]: offset.value },
      };
      const res = await write<UnitSettings>(api, 'PUT', pathFor(ENDPOINTS.saveUnitSettings, { id: unitId }), {
        revision: doc.revision,
        settings,
      });
      if (!res.ok) {
        if (res.status === 409) return setState({ kind: 'conflict' });
        const message =
          res.status === 403 ? t('unitTabs.common.forbidden') : t('unitTabs.ports.scalingFailed');
        setState({ kind: 'error', message });
        bus.emit('toast', { kind: 'danger', message, raw: true });
        return;
      }
      queryClient.setQueryData(unitKeys.settings(unitId), res.data);
    }
    setState({ kind: 'saved', message: t('unitTabs.ports.saved', { name }) });
  };

  const busy = state.kind === 'saving';
  const field = (k: keyof typeof stored, label: string, numeric = false) => (
    <input
      className={numeric ? css.number : css.text}
      value={values[k]}
      inputMode={numeric ? 'decimal' : undefined}
      maxLength={numeric ? 40 : CHANNEL_TEXT_MAX}
      aria-label={t('unitTabs.ports.fieldOf', { field: label, channel: n })}
      aria-invalid={problem ? true : undefined}
      onChange={(e) => set(k, e.target.value)}
      onKeyDown={(e) => {
        // Enter in a field saves the channel, as a form would.
        if (e.key === 'Enter' && dirty && !busy) void save();
      }}
    />
  );
  return (
    <tr data-testid={`channel-${n}`}>
      <th scope="row" data-label={t('unitTabs.ports.channel')}>
        {n}
      </th>
      <td data-label={t('unitTabs.ports.kind')}>
        <span title={t('unitTabs.ports.kindHelp')}>{kind}</span>
      </td>
      <td data-label={t('unitTabs.ports.name')}>{field('name', t('unitTabs.ports.name'))}</td>
      <td data-label={t('unitTabs.ports.unitOfMeasure')}>
        {field('uom', t('unitTabs.ports.unitOfMeasure'))}
      </td>
      <td data-label={t('unitTabs.ports.factor')}>{field('factor', t('unitTabs.ports.factor'), true)}</td>
      <td data-label={t('unitTabs.ports.offset')}>{field('offset', t('unitTabs.ports.offset'), true)}</td>
      <td data-label={t('unitTabs.common.actions')}>
        <div className={css.rowActions}>
          <Button
            size="small"
            variant="primary"
            disabled={!dirty || busy}
            aria-busy={busy || undefined}
            aria-label={t('unitTabs.ports.saveChannel', { channel: n })}
            onClick={() => void save()}
          >
            {t('common:action.save')}
          </Button>
          {problem ? (
            <span className={css.problem} role="alert">
              {problem}
            </span>
          ) : (
            <WriteStatus
              state={state}
              testId={`channel-status-${n}`}
              onReload={() => {
                setState({ kind: 'idle' });
                props.onReload();
              }}
            />
          )}
        </div>
      </td>
    </tr>
  );
}
