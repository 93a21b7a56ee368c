/**
 * Bulk actions on the selected units of the device table: move to a location, move to a unit
 * group, run a unit action (destructive ones confirm, naming the units), export the filtered set
 * as CSV. "Select all N matching" asks the server for the matching ids, at most BULK_MAX_UNITS.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BULK_MAX_UNITS,
  DESTRUCTIVE_UNIT_ACTIONS,
  DEVICE_TABLE_MAX_PAGE_SIZE,
  ENDPOINTS,
  errorMessage,
  pathFor,
  UNIT_ACTIONS,
  type AnswerOf,
  type DeviceTablePage,
  type UnitAction,
  type UnitGroup,
} from '@fieldwatch/shared';
import { useRemote } from '@fieldwatch/shared/remote';
import { Button, ConfirmDialog, Select } from '@fieldwatch/shared/ui';
import { type DeviceQuery, toTableQuery } from './device-query';
import { useContainers } from './queries';
import css from './DevicePage.module.css';

type Note = { tone: 'ok' | 'error'; text: string } | null;

export function BulkBar(props: {
  selected: Set<number>;
  setSelected: (s: Set<number>) => void;
  matched: number;
  query: DeviceQuery;
  canWrite: boolean;
  /** Names of the units on the page (a confirmation names the units). */
  names: Map<number, string>;
}) {
  const { selected, setSelected, matched, query, canWrite } = props;
  const { t } = useTranslation('devices');
  const { api } = useRemote();
  const queryClient = useQueryClient();
  const locations = (useContainers().data ?? []).filter((c) => c.kind === 'location');
  const groups = useQuery({
    queryKey: ['unitGroups'],
    enabled: canWrite,
    queryFn: async () => (await api.get<UnitGroup[]>(pathFor(ENDPOINTS.unitGroups), { use_context: true }, []))[0],
  }).data ?? [];
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note>(null);
  const [confirm, setConfirm] = useState<UnitAction | null>(null);
  const ids = [...selected];
  const csvHref = `${pathFor(ENDPOINTS.deviceTableCsv)}?${new URLSearchParams(
    Object.entries(toTableQuery(query)).map(([k, v]) => [k, String(v)]),
  ).toString()}`;

  const selectAll = async () => {
    setBusy(true);
    setNote(null);
    const all: number[] = [];
    for (let page = 1; all.length < Math.min(matched, BULK_MAX_UNITS); page++) {
      const [data, failed] = await api.get<DeviceTablePage>(pathFor(ENDPOINTS.deviceTable), {
        ...toTableQuery({ ...query, page: page - 1 }, DEVICE_TABLE_MAX_PAGE_SIZE),
      });
      if (failed || data.rows.length === 0) {
        if (failed) setNote({ tone: 'error', text: t('table.bulk.selectFailed') });
        break;
      }
      all.push(...data.rows.map((r) => r.UnitID));
    }
    setSelected(new Set(all.slice(0, BULK_MAX_UNITS)));
    setBusy(false);
  };

  const run = async (what: () => Promise<string>) => {
    setBusy(true);
    setNote(null);
    try {
      setNote({ tone: 'ok', text: await what() });
      await queryClient.invalidateQueries({ queryKey: ['deviceTable'] });
    } catch (err) {
      setNote({ tone: 'error', text: err instanceof BulkError ? err.message : t('table.bulk.failed', { reason: errorMessage(err) }) });
    } finally {
      setBusy(false);
    }
  };

  /**
   * A move that fails (the spec's "Failed to move devices") keeps the selection and asks for the
   * targets again: one deleted or changed meanwhile is then no longer offered as it was.
   */
  const move = (put: () => Promise<unknown>, targets: readonly string[]) =>
    run(async () => {
      try {
        await put();
      } catch {
        await queryClient.invalidateQueries({ queryKey: targets });
        throw new BulkError(t('table.bulk.moveFailedKept'));
      }
      await queryClient.invalidateQueries({ queryKey: ['containers'] });
      return t('table.bulk.moved', { count: ids.length });
    });
  const toLocation = (id: string) =>
    move(() => api.http.put(pathFor(ENDPOINTS.moveUnitsToLocation, { id }), { units: ids }), ['containers']);
  const toGroup = (groupId: number) =>
    move(() => api.http.put(pathFor(ENDPOINTS.moveUnits), { groupId, devices: ids }), ['unitGroups']);
  const action = (a: UnitAction) =>
    run(async () => {
      const res = await api.http.post<{ data: AnswerOf<typeof ENDPOINTS.bulkUnitAction> }>(pathFor(ENDPOINTS.bulkUnitAction), {
        unitIds: ids,
        action: a,
      });
      const { accepted, refused } = res.data.data;
      return t('table.bulk.actionSent', { count: accepted.length, refused: refused.length });
    });

  if (selected.size === 0) {
    return (
      <div className={css.bulkBar} data-testid="bulk-bar">
        <a className={css.csvLink} href={csvHref} download="devices.csv" data-testid="export-csv">
          {t('table.bulk.exportCsv', { count: matched })}
        </a>
      </div>
    );
  }
  const named = ids.map((id) => props.names.get(id) ?? `#${id}`);
  return (
    <div className={css.bulkBar} data-testid="bulk-bar" aria-busy={busy || undefined}>
      <span data-testid="selected-count">{t('table.bulk.selected', { count: selected.size })}</span>
      {matched > selected.size && (
        <Button size="small" variant="ghost" disabled={busy} onClick={() => void selectAll()} data-testid="select-all-matching">
          {t('table.bulk.selectAll', { count: Math.min(matched, BULK_MAX_UNITS) })}
        </Button>
      )}
      {matched > BULK_MAX_UNITS && <span className={css.muted}>{t('table.bulk.capped', { max: BULK_MAX_UNITS })}</span>}
      <Button size="small" variant="ghost" disabled={busy} onClick={() => setSelected(new Set())}>
        {t('table.bulk.clear')}
      </Button>
      {canWrite && (
        <>
          <Select compact aria-label={t('table.bulk.toLocation')} disabled={busy} value="" onChange={(e) => e.target.value && void toLocation(e.target.value)} data-testid="bulk-location">
            <option value="">{t('table.bulk.toLocation')}</option>
            {locations.map((l) => (
              <option key={l.id} value={l.id}>{l.name}</option>
            ))}
          </Select>
          <Select compact aria-label={t('table.bulk.toGroup')} disabled={busy} value="" onChange={(e) => e.target.value && void toGroup(Number(e.target.value))} data-testid="bulk-group">
            <option value="">{t('table.bulk.toGroup')}</option>
            {groups.map((g) => (
              <option key={g.GroupId} value={g.GroupId}>{g.Description}</option>
            ))}
          </Select>
          <Select
            compact
            aria-label={t('table.bulk.action')}
            disabled={busy}
            value=""
            onChange={(e) => {
              const a = e.target.value as UnitAction;
              if (!a) return;
              if (DESTRUCTIVE_UNIT_ACTIONS.includes(a)) setConfirm(a);
              else void action(a);
            }}
            data-testid="bulk-action"
          >
            <option value="">{t('table.bulk.action')}</option>
            {UNIT_ACTIONS.map((a) => (
              <option key={a} value={a}>{t(`table.action.${a}`)}</option>
            ))}
          </Select>
        </>
      )}
      <a className={css.csvLink} href={csvHref} download="devices.csv" data-testid="export-csv">
        {t('table.bulk.exportCsv', { count: matched })}
      </a>
      {busy && <span role="status">{t('table.bulk.working')}</span>}
      {note && (
        <span role={note.tone === 'error' ? 'alert' : 'status'} data-tone={note.tone} data-testid="bulk-note">
          {note.text}
        </span>
      )}
      {confirm && (
        <ConfirmDialog
          title={t('table.bulk.confirmTitle', { action: t(`table.action.${confirm}`) })}
          confirmLabel={t(`table.action.${confirm}`)}
          cancelLabel={t('common:action.cancel')}
          closeLabel={t('common:action.close')}
          danger
          busy={busy}
          onCancel={() => setConfirm(null)}
          onConfirm={() => {
            const a = confirm;
            setConfirm(null);
            void action(a);
          }}
          testId="bulk-confirm"
        >
          <p>{t('table.bulk.confirmText', { count: ids.length, action: t(`table.action.${confirm}`) })}</p>
          <p data-testid="bulk-confirm-units">
            {named.slice(0, 10).join(', ')}
            {named.length > 10 ? ` ${t('table.bulk.andMore', { count: named.length - 10 })}` : ''}
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}

class BulkError extends Error {}
