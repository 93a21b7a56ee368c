/**
 * relay: the relays of the units selected in the link group (or of every unit with a relay when
 * none is selected) — state (initializing, pending, on, off, error, resetting), on/off and when it
 * last changed, with Switch on/off and Reset for writers (GET/POST /api/v2/device/devices/{id}/relay).
 * A switch or reset is confirmed first, naming the unit; it is a command the unit answers later, so
 * the row stays pending (or resetting) until the server pushes the relay's new state ('unit:relay'
 * on the bus): on/off when the unit acknowledged, error ("Error updating relay") when it refused or
 * never answered. Readers see the states only. A refused switch (409 "Error updating relay", 403
 * for readers) is said in a toast and the row shows the state the server recorded.
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAxiosError } from 'axios';
import {
  type AnswerOf,
  deviceType,
  ENDPOINTS,
  errorMessage,
  pathFor,
  type Relay,
  type RelayRequest,
  type RelayState,
  type Unit,
  UNITS_PER_PAGE,
  USER_TYPES,
} from '@fieldwatch/shared';
import { useRemote, useSession } from '@fieldwatch/shared/remote';
import { ConfirmDialog } from '@fieldwatch/shared/ui';
import type { WidgetProps } from '../kit/widget-contract';
import { listPendingTexts, pendingState, WidgetState } from '../kit/WidgetState';
import { formatDateTime, useTimeConfig } from '../kit/time-format';
import { isCompact } from '../kit/table/table-width';
import { tableCss as css, MiniPager } from '../kit/table/TableControls';
import { usePage } from '../kit/table/sort-and-page';
import { idsKey, useWidgetQuery } from '../kit/data/widget-query';
import own from './relay.module.css';

/** Unit families with a relay (as the server's hasRelay). */
const RELAY_FAMILIES = new Set(['switch', 'valve', 'pulse']);
export function hasRelay(type: number): boolean {
  const family = deviceType(type)?.family;
  return family !== undefined && RELAY_FAMILIES.has(family);
}

const STATE_TONE: Record<RelayState, string> = {
  initializing: 'muted',
  pending: 'info',
  on: 'success',
  off: 'neutral',
  resetting: 'warning',
  error: 'danger',
};

export default function RelayWidget({ units, unitsLoadedAt: loadedAt, bindings, refreshKey, readOnly, size }: WidgetProps) {
  const { t } = useTranslation('dashboard');
  const tc = useTimeConfig();
  const { api, bus } = useRemote();
  const userType = useSession((s) => s.user?.userType);
  const canWrite = !readOnly && userType !== USER_TYPES.Reader;
  const compact = isCompact(size.width);

  const relayUnits = useMemo(() => units.filter((u) => hasRelay(u.UnitType)), [units]);
  const selectedRelayUnits = useMemo(() => {
    if (bindings.units.length === 0) return null;
    const byId = new Map(relayUnits.map((u) => [u.UnitID, u]));
    return bindings.units.map((id) => byId.get(id)).filter((u): u is Unit => u !== undefined);
  }, [relayUnits, bindings.units]);
  // Selected units without a relay: show every relay instead (and say so).
  const list = selectedRelayUnits && selectedRelayUnits.length > 0 ? selectedRelayUnits : relayUnits;
  const pager = usePage(list.length, UNITS_PER_PAGE, selectedRelayUnits?.length ? idsKey(bindings.units) : 'all');
  const pageUnits = list.slice(pager.from, pager.to);
  const pageKey = idsKey(pageUnits.map((u) => u.UnitID));

  const [overrides, setOverrides] = useState<Record<number, Relay>>({});
  const [busy, setBusy] = useState<Record<number, boolean>>({});
  /** The switch or reset waiting for the user's confirmation. */
  const [confirm, setConfirm] = useState<{ unit: Unit; body: RelayRequest } | null>(null);

  // The server pushes each change of a relay (a command sent, acknowledged, refused, timed out).
  useEffect(() => {
    const onRelay = (r: Relay) => setOverrides((o) => ({ ...o, [r.unitId]: r }));
    bus.on('unit:relay', onRelay);
    return () => bus.off('unit:relay', onRelay);
  }, [bus]);
  const states = useWidgetQuery(['relays', pageKey], async () => {
    const answers = await Promise.all(
      pageUnits.map((u) => api.get<AnswerOf<typeof ENDPOINTS.relay>>(pathFor(ENDPOINTS.relay, { id: u.UnitID }))),
    );
    if (answers.length > 0 && answers.every(([, failed]) => failed)) throw new Error('relay states failed');
    setOverrides({});
    const out: Record<number, Relay | undefined> = {};
    answers.forEach(([data, failed], i) => {
      out[pageUnits[i]!.UnitID] = failed ? undefined : data;
    });
    return out;
  }, refreshKey);

  const send = async (unit: Unit, body: RelayRequest) => {
    setBusy((b) => ({ ...b, [unit.UnitID]: true }));
    try {
      const res = await api.http.post<{ data: AnswerOf<typeof ENDPOINTS.setRelay> }>(
        pathFor(ENDPOINTS.setRelay, { id: unit.UnitID }),
        body,
      );
      setOverrides((o) => ({ ...o, [unit.UnitID]: res.data.data }));
      bus.emit('toast', {
        kind: 'success',
        message: t(body.reset ? 'widgets.relay.resetSent' : 'widgets.relay.switchSent', { unit: unit.UnitName }),
        raw: true,
      });
    } catch (err) {
      const status = isAxiosError(err) ? err.response?.status : undefined;
      if (err && isAxiosError(err) && !err.response) {
        // network errors are toasted by the API client
      } else {
        const message =
          status === 409
            ? t('widgets.relay.failed', { unit: unit.UnitName })
            : status === 403
              ? t('widgets.relay.forbidden')
              : errorMessage(err);
        bus.emit('toast', { kind: 'danger', message, raw: true });
      }
      if (status === 409) {
        const current = states.data?.[unit.UnitID];
        setOverrides((o) => ({
          ...o,
          [unit.UnitID]: { unitId: unit.UnitID, on: current?.on ?? false, updatedAt: new Date().toISOString(), state: 'error', commandId: null },
        }));
      }
    } finally {
      setBusy((b) => ({ ...b, [unit.UnitID]: false }));
      setConfirm(null);
    }
  };

  if (units.length === 0 && loadedAt === null) return <WidgetState kind="loading" label={t('widgets.relay.loading')} />;
  if (relayUnits.length === 0)
    return (
      <WidgetState kind="empty" title={t('widgets.relay.none')}>
        {t('widgets.relay.noneText')}
      </WidgetState>
    );
  if (states.data === undefined) return pendingState(states, listPendingTexts(t, 'relay'));

  const notRelays = selectedRelayUnits !== null && selectedRelayUnits.length === 0;
  return (
    <div className={css.root} data-testid="relay-list">
      {(notRelays || !canWrite) && (
        <p className={css.note}>
          {notRelays ? t('widgets.relay.selectionHasNone') : t('widgets.relay.readOnly')}
        </p>
      )}
      <ul className={own.list}>
        {pageUnits.map((u) => {
          const relay = overrides[u.UnitID] ?? states.data?.[u.UnitID];
          const isBusy = busy[u.UnitID] === true;
          return (
            <li key={u.UnitID} className={own.row} data-testid="relay-row" data-state={relay?.state ?? 'unknown'}>
              <span className={own.unit}>
                <span className={css.strong}>{u.UnitName}</span>
                {!compact && u.UnitLocation && <span className={css.sub}>{u.UnitLocation}</span>}
              </span>
              <span className={own.state}>
                {relay ? (
                  <>
                    <span className={own.switch} data-on={relay.on || undefined}>
                      {relay.on ? t('widgets.relay.on') : t('widgets.relay.off')}
                    </span>
                    <span className={own.chip} data-tone={STATE_TONE[relay.state]} data-testid="relay-state">
                      {t(`widgets.relay.state.${relay.state}`)}
                    </span>
                    {!compact && relay.updatedAt && (
                      <span className={css.sub}>{formatDateTime(relay.updatedAt, tc)}</span>
                    )}
                  </>
                ) : (
                  <span className={css.muted}>{t('widgets.relay.unknown')}</span>
                )}
              </span>
              {canWrite && (
                <span className={own.actions}>
                  <button
                    type="button"
                    className={css.toolButton}
                    disabled={isBusy}
                    aria-busy={isBusy}
                    aria-label={t(relay?.on ? 'widgets.relay.switchOffUnit' : 'widgets.relay.switchOnUnit', { unit: u.UnitName })}
                    onClick={() => setConfirm({ unit: u, body: { on: !relay?.on } })}
                  >
                    {relay?.on ? t('widgets.relay.switchOff') : t('widgets.relay.switchOn')}
                  </button>
                  <button
                    type="button"
                    className={css.toolButton}
                    disabled={isBusy}
                    aria-label={t('widgets.relay.resetUnit', { unit: u.UnitName })}
                    onClick={() => setConfirm({ unit: u, body: { reset: true } })}
                  >
                    {t('widgets.relay.reset')}
                  </button>
                </span>
              )}
            </li>
          );
        })}
      </ul>
      <MiniPager {...pager} onPage={pager.setPage} />
      {confirm && (
        <ConfirmDialog
          testId="relay-confirm"
          title={t(confirm.body.reset ? 'widgets.relay.confirm.resetTitle' : confirm.body.on ? 'widgets.relay.confirm.onTitle' : 'widgets.relay.confirm.offTitle')}
          confirmLabel={t(confirm.body.reset ? 'widgets.relay.reset' : confirm.body.on ? 'widgets.relay.switchOn' : 'widgets.relay.switchOff')}
          cancelLabel={t('widgets.relay.confirm.cancel')}
          closeLabel={t('widgets.relay.confirm.close')}
          busy={busy[confirm.unit.UnitID] === true}
          danger={confirm.body.reset === true}
          onCancel={() => setConfirm(null)}
          onConfirm={() => void send(confirm.unit, confirm.body)}
        >
          {t(confirm.body.reset ? 'widgets.relay.confirm.resetText' : confirm.body.on ? 'widgets.relay.confirm.onText' : 'widgets.relay.confirm.offText', {
            unit: confirm.unit.UnitName,
          })}
        </ConfirmDialog>
      )}
    </div>
  );
}
