/**
 * A unit's port settings, per channel: its kind (analog, formula, pt or switch; the unit's own
 * measurements keep theirs), name, unit of measure and the scaling of its raw reading, value = raw
 * × factor + offset (GET/PUT /api/v3/device/devices/:id/channels[/:n]; the scaling is kept in the
 * settings document, so a write carries the document's revision and a stale one offers a reload).
 * The shared rule (domain/port-settings) checks a channel before it is sent, gives a new kind its
 * defaults (a switch has no unit or scaling, a pt measures in °C) and computes the preview of a
 * raw reading — the same code that scales the readings the server stores. Each channel is saved on
 * its own; what the user typed stays on a failure.
 */
import { type KeyboardEvent, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  applyScaling,
  changePort,
  CHANNEL_TEXT_MAX,
  ENDPOINTS,
  isPortKind,
  mergePort,
  pathFor,
  PORT_KINDS,
  PT_UNITS,
  queryKeys,
  type PortChannel,
  type PortPatch,
  type PortProblem,
  type PortProblemCode,
  type PortSettings,
  type UnitPorts,
} from '@fieldwatch/shared';
import { loadViewLabels, useApiQuery, useRemote } from '@fieldwatch/shared/remote';
import { Button, Card, EmptyState, LoadView, Select, Table } from '@fieldwatch/shared/ui';
import type { UnitTabProps } from '../types';
import { parseNumber, unitKeys, write, type WriteState, WriteStatus } from '../../settings/tab-kit';
import css from './PortsTab.module.css';

/** The text (under unitTabs.ports) of each problem the shared rule finds. */
const PROBLEM_KEYS: Record<PortProblemCode, string> = {
  kindUnknown: 'problems.kindUnknown',
  kindFixed: 'problems.kindFixed',
  nameBlank: 'nameRequired',
  nameTooLong: 'tooLong',
  unitTooLong: 'tooLong',
  factorInvalid: 'factorInvalid',
  offsetInvalid: 'offsetInvalid',
  ptUnit: 'problems.ptUnit',
  switchUnit: 'problems.switchUnit',
  switchScaling: 'problems.switchScaling',
};

/** The raw reading the preview column scales until the user types another. */
export const PREVIEW_RAW = '10';

export function PortsTab({ unitId, canEdit }: UnitTabProps) {
  const { t } = useTranslation('devices');
  const { api } = useRemote();
  const load = useApiQuery(unitKeys.channels(unitId), () =>
    api.get<UnitPorts>(pathFor(ENDPOINTS.unitPorts, { id: unitId })),
  );
  const [raw, setRaw] = useState(PREVIEW_RAW);
  const rawValue = parseNumber(raw);

  return (
    <div className={css.tab} data-testid="ports-tab">
      <Card title={t('unitTabs.ports.title')} flush>
        <p className={css.intro}>{t('unitTabs.ports.intro')}</p>
        <LoadView load={load} labels={loadViewLabels(t, 'unitTabs.ports.')} bare>
          {(ports) =>
            ports.channels.length === 0 ? (
              <EmptyState title={t('unitTabs.ports.none')} />
            ) : (
              <div className={css.stack}>
                <div className={css.previewRaw}>
                  <label htmlFor="ports-preview-raw">{t('unitTabs.ports.previewRaw')}</label>
                  <input
                    id="ports-preview-raw"
                    className={css.number}
                    inputMode="decimal"
                    value={raw}
                    maxLength={40}
                    aria-invalid={rawValue.ok ? undefined : true}
                    aria-describedby="ports-preview-help"
                    onChange={(e) => setRaw(e.target.value)}
                  />
                  <span id="ports-preview-help" className={css.help}>
                    {t('unitTabs.ports.previewHelp')}
                  </span>
                </div>
                <Table label={t('unitTabs.ports.title')} stacked>
                  <thead>
                    <tr>
                      <th scope="col">{t('unitTabs.ports.channel')}</th>
                      <th scope="col">{t('unitTabs.ports.kind')}</th>
                      <th scope="col">{t('unitTabs.ports.name')}</th>
                      <th scope="col">{t('unitTabs.ports.unitOfMeasure')}</th>
                      <th scope="col">{t('unitTabs.ports.scaling')}</th>
                      {canEdit && <th scope="col">{t('unitTabs.common.actions')}</th>}
                    </tr>
                  </thead>
                  <tbody>
                    {ports.channels.map((c) => (
                      <ChannelRowView
                        key={c.channelNo}
                        unitId={unitId}
                        channel={c}
                        revision={ports.revision}
                        raw={rawValue.ok ? rawValue.value : null}
                        canEdit={canEdit}
                        onReload={load.reload}
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

type Draft = { kind: string; name: string; uom: string; factor: string; offset: string };
const draftOf = (p: PortSettings): Draft => ({
  kind: p.kind,
  name: p.name,
  uom: p.unitOfMeasure,
  factor: String(p.factor),
  offset: String(p.offset),
});

/** What the preview shows for a raw reading: the scaled value with its unit, on/off for a switch. */
function usePreview() {
  const { t } = useTranslation('devices');
  return (raw: number | null, kind: string, factor: string, offset: string, uom: string) => {
    if (raw === null) return '—';
    if (kind === 'switch') return raw === 0 ? t('unitTabs.common.off') : t('unitTabs.common.on');
    const f = parseNumber(factor);
    const o = parseNumber(offset);
    if (!f.ok || !o.ok || f.value === null || f.value === 0 || o.value === null) return '—';
    const v = applyScaling(raw, { factor: f.value, offset: o.value });
    return Number.isFinite(v) ? `${v}${uom ? ` ${uom}` : ''}` : '—';
  };
}

function ChannelRowView(props: {
  unitId: number;
  channel: PortChannel;
  revision: number;
  raw: number | null;
  canEdit: boolean;
  onReload: () => void;
}) {
  const { unitId, channel, canEdit } = props;
  const n = channel.channelNo;
  const { t } = useTranslation('devices');
  const { api, bus } = useRemote();
  const queryClient = useQueryClient();
  const preview = usePreview();
  const stored = draftOf(channel);
  const [draft, setDraft] = useState<Partial<Draft>>({});
  const [state, setState] = useState<WriteState>({ kind: 'idle' });
  const [problem, setProblem] = useState<PortProblem>();
  const [uomTyped, setUomTyped] = useState(false);
  const values: Draft = { ...stored, ...draft };
  const changed = (k: keyof Draft) => values[k].trim() !== stored[k];
  const dirty = (Object.keys(stored) as Array<keyof Draft>).some(changed);
  const fixedKind = channel.kind === 'channel';
  const set = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setProblem(undefined);
    setState((s) => (s.kind === 'saved' ? { kind: 'idle' } : s));
  };
  // A saved draft that the server now holds is no longer a draft.
  const storedKey = JSON.stringify(stored);
  useEffect(() => {
    setDraft((d) => {
      const s = JSON.parse(storedKey) as Draft;
      const left = Object.fromEntries(Object.entries(d).filter(([k, v]) => v?.trim() !== s[k as keyof Draft]));
      return Object.keys(left).length === Object.keys(d).length ? d : left;
    });
  }, [storedKey]);

  const label = (field: string) => t('unitTabs.ports.fieldOf', { field, channel: n });
  const kindLabel = (k: string) => t(`unitTabs.ports.kinds.${k}`, { defaultValue: k });
  const shown = preview(props.raw, values.kind, values.factor, values.offset, values.uom.trim());

  if (!canEdit)
    return (
      <tr data-testid={`channel-${n}`}>
        <th scope="row" data-label={t('unitTabs.ports.channel')}>
          {n}
        </th>
        <td data-label={t('unitTabs.ports.kind')}>{kindLabel(stored.kind)}</td>
        <td data-label={t('unitTabs.ports.name')}>{stored.name}</td>
        <td data-label={t('unitTabs.ports.unitOfMeasure')}>{stored.uom || '—'}</td>
        <td data-label={t('unitTabs.ports.scaling')}>
          <span className={css.scaling}>
            <span>×</span>
            <span>{stored.factor}</span>
            <span>+</span>
            <span>{stored.offset}</span>
            <span aria-hidden="true">→</span>
            <output className={css.preview} aria-label={label(t('unitTabs.ports.preview'))} data-testid={`preview-${n}`}>
              {shown}
            </output>
          </span>
        </td>
      </tr>
    );

  /** A new kind takes its defaults (the shared mergePort) for what the user has not typed. */
  const chooseKind = (kind: string) => {
    if (!isPortKind(kind)) return;
    if (kind === channel.kind) {
      // Back to the stored kind: its stored unit and scaling, the name as typed.
      setDraft((d) => (d.name === undefined ? {} : { name: d.name }));
      setUomTyped(false);
      setProblem(undefined);
      return;
    }
    // A unit of measure the user typed is kept; the one a kind chose before is not.
    const next = mergePort(channel, { kind, ...(uomTyped ? { unitOfMeasure: values.uom } : {}) });
    set({
      kind,
      uom: next.unitOfMeasure,
      ...(kind === 'switch' ? { factor: '1', offset: '0' } : {}),
    });
  };

  const save = async () => {
    const factor = parseNumber(values.factor);
    const offset = parseNumber(values.offset);
    if (!factor.ok || factor.value === null) return setProblem({ field: 'factor', code: 'factorInvalid', message: '' });
    if (!offset.ok || offset.value === null) return setProblem({ field: 'offset', code: 'offsetInvalid', message: '' });
    const patch: PortPatch = {
      ...(changed('kind') ? { kind: values.kind as PortSettings['kind'] } : {}),
      ...(changed('name') ? { name: values.name.trim() } : {}),
      ...(changed('uom') ? { unitOfMeasure: values.uom.trim() } : {}),
      ...(changed('factor') ? { factor: factor.value } : {}),
      ...(changed('offset') ? { offset: offset.value } : {}),
    };
    // The rule the server applies (kind, name, unit, scaling), before sending.
    const { port, problems } = changePort(channel, patch);
    if (problems[0]) return setProblem(problems[0]);
    setProblem(undefined);
    setState({ kind: 'saving' });
    const res = await write<UnitPorts>(api, 'PUT', pathFor(ENDPOINTS.setUnitPort, { id: unitId, n }), {
      ...patch,
      revision: props.revision,
    });
    if (!res.ok) {
      if (res.status === 409) return setState({ kind: 'conflict' });
      const message = res.status === 403 ? t('unitTabs.common.forbidden') : t('unitTabs.ports.saveFailed');
      setState({ kind: 'error', message });
      bus.emit('toast', { kind: 'danger', message, raw: true });
      return;
    }
    queryClient.setQueryData(unitKeys.channels(unitId), res.data);
    setUomTyped(false);
    // Kinds and names show on the page (details) and in the alarm limits; scaling moved the settings' revision.
    void queryClient.invalidateQueries({ queryKey: unitKeys.details(unitId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.unitPart(unitId, 'limits') });
    void queryClient.invalidateQueries({ queryKey: unitKeys.settings(unitId) });
    setState({ kind: 'saved', message: t('unitTabs.ports.saved', { name: port.name }) });
  };

  const busy = state.kind === 'saving';
  const problemText = problem && t(`unitTabs.ports.${PROBLEM_KEYS[problem.code]}`, { max: CHANNEL_TEXT_MAX, units: PT_UNITS.join(', ') });
  const invalid = (field: string) => (problem && problem.field === field ? true : undefined);
  const onEnter = (e: KeyboardEvent) => {
    // Enter in a field saves the channel, as a form would.
    if (e.key === 'Enter' && dirty && !busy) void save();
  };
  const field = (k: 'name' | 'uom' | 'factor' | 'offset', text: string, numeric = false, disabled = false) => (
    <input
      className={numeric ? css.number : k === 'uom' ? css.unit : css.text}
      value={values[k]}
      inputMode={numeric ? 'decimal' : undefined}
      maxLength={numeric ? 40 : CHANNEL_TEXT_MAX}
      aria-label={label(text)}
      aria-invalid={invalid(k === 'uom' ? 'unitOfMeasure' : k)}
      disabled={disabled}
      onChange={(e) => {
        if (k === 'uom') setUomTyped(true);
        set({ [k]: e.target.value });
      }}
      onKeyDown={onEnter}
    />
  );
  const isSwitch = values.kind === 'switch';
  const row = (
    <tr data-testid={`channel-${n}`}>
      <th scope="row" data-label={t('unitTabs.ports.channel')}>
        {n}
      </th>
      <td data-label={t('unitTabs.ports.kind')}>
        {fixedKind ? (
          <span title={t('unitTabs.ports.kindFixedHelp')}>{kindLabel(channel.kind)}</span>
        ) : (
          <Select
            compact
            className={css.kindSelect}
            value={values.kind}
            aria-label={label(t('unitTabs.ports.kind'))}
            title={t('unitTabs.ports.kindHelp')}
            aria-invalid={invalid('kind')}
            onChange={(e) => chooseKind(e.target.value)}
          >
            {PORT_KINDS.map((k) => (
              <option key={k} value={k}>
                {kindLabel(k)}
              </option>
            ))}
          </Select>
        )}
      </td>
      <td data-label={t('unitTabs.ports.name')}>{field('name', t('unitTabs.ports.name'))}</td>
      <td data-label={t('unitTabs.ports.unitOfMeasure')}>
        {values.kind === 'pt' ? (
          <Select
            compact
            value={values.uom}
            aria-label={label(t('unitTabs.ports.unitOfMeasure'))}
            aria-invalid={invalid('unitOfMeasure')}
            onChange={(e) => {
              setUomTyped(true);
              set({ uom: e.target.value });
            }}
          >
            {!(PT_UNITS as readonly string[]).includes(values.uom) && <option value={values.uom}>{values.uom || '—'}</option>}
            {PT_UNITS.map((u) => (
              <option key={u} value={u}>
                {u}
              </option>
            ))}
          </Select>
        ) : (
          field('uom', t('unitTabs.ports.unitOfMeasure'), false, isSwitch)
        )}
      </td>
      <td data-label={t('unitTabs.ports.scaling')}>
        {/* value = raw × factor + offset, and what the preview's raw reading becomes */}
        <span className={css.scaling}>
          <span className={css.terms}>
            <span aria-hidden="true">×</span>
            {field('factor', t('unitTabs.ports.factor'), true, isSwitch)}
            <span aria-hidden="true">+</span>
            {field('offset', t('unitTabs.ports.offset'), true, isSwitch)}
          </span>
          <span className={css.terms}>
            <span aria-hidden="true">→</span>
            <output className={css.preview} aria-label={label(t('unitTabs.ports.preview'))} data-testid={`preview-${n}`}>
              {shown}
            </output>
          </span>
        </span>
      </td>
      <td data-label={t('unitTabs.common.actions')}>
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
      </td>
    </tr>
  );
  // How the last save went (or what is wrong with the input), across the table under its channel.
  const status = (problemText || state.kind !== 'idle') && (
    <tr className={css.statusRow} data-testid={`channel-status-row-${n}`}>
      <td colSpan={6}>
        <WriteStatus
          state={state}
          problem={problemText}
          testId={`channel-status-${n}`}
          onReload={() => {
            setState({ kind: 'idle' });
            props.onReload();
          }}
        />
      </td>
    </tr>
  );
  return (
    <>
      {row}
      {status}
    </>
  );
}
