/**
 * Which location container holds the unit, and a move to another location of its organisation
 * (PUT moveUnitsToLocation, through the containers feature's writes, so the trees, the session and
 * the group alarm widget follow). Readers see the location only.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UnitDetails } from '@fieldwatch/shared';
import { Button, Card, LoadView, Select } from '@fieldwatch/shared/ui';
import { loadViewLabels } from '@fieldwatch/shared/remote';
import { useContainerWrites, useContainers } from '../../../containers/container-api';
import css from '../tabs.module.css';

export function LocationContainer({ details, canEdit }: { details: UnitDetails; canEdit: boolean }) {
  const { t } = useTranslation('devices');
  const load = useContainers();
  const writes = useContainerWrites();
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const target = String(details.UnitID);

  return (
    <Card title={t('unit.location.container')} data-testid="location-container">
      <LoadView load={load} labels={loadViewLabels(t, 'unit.location.containers.', { stale: false })} bare>
        {(containers) => {
          const locations = containers.filter(
            (c) => c.kind === 'location' && c.organizationId === details.CustomerID,
          );
          const current = locations.find((c) =>
            c.content.some((r) => r.type === 'unit' && r.target === target),
          );
          const others = locations.filter((c) => c !== current);
          const pick = others.find((c) => c.id === chosen) ?? others[0];
          const move = async () => {
            if (!pick) return;
            setBusy(true);
            setMessage(null);
            const res = await writes.moveUnits(pick, [details.UnitID]);
            setBusy(false);
            setMessage(
              res.ok
                ? {
                    ok: true,
                    text: t('unit.location.movedTo', { unit: details.UnitName, location: pick.name }),
                  }
                : { ok: false, text: t('unit.location.moveFailed', { reason: res.message }) },
            );
          };
          return (
            <div className={css.stack}>
              <p data-testid="current-location">
                {current
                  ? t('unit.location.inContainer', { location: current.name })
                  : t('unit.location.noContainer')}
              </p>
              {canEdit && others.length > 0 && (
                <div className={css.row}>
                  <label>
                    <span className={css.muted}>{t('unit.location.moveTo')}</span>
                    <br />
                    <Select
                      value={pick?.id ?? ''}
                      onChange={(e) => setChosen(e.target.value)}
                      disabled={busy}
                    >
                      {others.map((c) => (
                        <option key={c.id} value={c.id}>
                          {c.name}
                        </option>
                      ))}
                    </Select>
                  </label>
                  <Button onClick={() => void move()} disabled={busy || !pick} aria-busy={busy || undefined}>
                    {t('unit.location.move')}
                  </Button>
                </div>
              )}
              {canEdit && others.length === 0 && (
                <p className={css.muted}>{t('unit.location.noOtherContainers')}</p>
              )}
              {message && (
                <p className={message.ok ? css.ok : css.error} role={message.ok ? 'status' : 'alert'}>
                  {message.text}
                </p>
              )}
            </div>
          );
        }}
      </LoadView>
    </Card>
  );
}
