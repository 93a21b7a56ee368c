/**
 * Location: where the unit stands — drag the pin on the map (or type the coordinates), an address,
 * "Location missing" when it has no position. Saving writes the settings' location section and
 * then the unit's own position (PUT updateUnit), which the maps and the device table show; if the
 * second write is refused, the form says so (the position stays in the settings). Below: the
 * location container that holds the unit, and a move to another.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { ENDPOINTS, errorMessage, pathFor, queryKeys, type UnitSettings } from '@fieldwatch/shared';
import { useRemote } from '@fieldwatch/shared/remote';
import { Button } from '@fieldwatch/shared/ui';
import { MiniMap } from '../../map/MiniMap';
import { SettingsPanel } from '../../settings/SettingsForm';
import type { NumberField, SettingsField } from '../../settings/fields';
import { validateField } from '../../settings/fields';
import type { SettingsForm } from '../../settings/useSettingsForm';
import { LOCATION_FIELDS } from '../settings/fields';
import { LocationContainer } from './LocationContainer';
import type { UnitTabProps } from '../types';
import css from '../tabs.module.css';

/** Where a pin is first put when the unit has no position: the middle of the demo's region (Öresund). */
const FIRST_PIN = { lat: 55.9, lon: 12.7 };

function positionOf(
  form: SettingsForm,
  lat: SettingsField,
  lon: SettingsField,
): { lat: number; lon: number } | null {
  const a = form.value(lat);
  const b = form.value(lon);
  if (a === null || b === null || String(a).trim() === '' || String(b).trim() === '') return null;
  if (validateField(lat, a) || validateField(lon, b)) return null;
  return { lat: Number(String(a).replace(',', '.')), lon: Number(String(b).replace(',', '.')) };
}

export function LocationTab({ unitId, details, canEdit }: UnitTabProps) {
  const { t } = useTranslation('devices');
  const { api } = useRemote();
  const queryClient = useQueryClient();
  // Before the location section is saved, the fields start at the unit's own position.
  const fields = useMemo(
    () =>
      LOCATION_FIELDS.map((f): SettingsField =>
        f.kind === 'number'
          ? ({
              ...f,
              default: f.key === 'lat' ? details.UnitGPSLatitude : details.UnitGPSLongitude,
            } as NumberField)
          : f,
      ),
    [details.UnitGPSLatitude, details.UnitGPSLongitude],
  );
  const [, latField, lonField] = fields as [SettingsField, SettingsField, SettingsField];

  const afterSave = async (saved: UnitSettings) => {
    const loc = saved.settings.location ?? {};
    if (typeof loc.lat !== 'number' || typeof loc.lon !== 'number') return null;
    if (loc.lat === details.UnitGPSLatitude && loc.lon === details.UnitGPSLongitude) return null;
    try {
      await api.http.put(pathFor(ENDPOINTS.updateUnit, { id: unitId }), { lat: loc.lat, lon: loc.lon });
      void queryClient.invalidateQueries({ queryKey: queryKeys.unitPart(unitId, 'details') });
      void queryClient.invalidateQueries({ queryKey: ['devices'] });
      return { ok: true, text: t('unit.location.moved') };
    } catch (err) {
      return { ok: false, text: t('unit.location.notMoved', { reason: errorMessage(err) }) };
    }
  };

  return (
    <div className={css.stack}>
      <SettingsPanel
        unitId={unitId}
        canEdit={canEdit}
        title="unit.location.title"
        intro="unit.location.intro"
        fields={fields}
        options={{ afterSave }}
        testId="location-tab"
      >
        {(form) => {
          const at = positionOf(form, latField, lonField);
          if (!at)
            return (
              <div className={css.missing} data-testid="location-missing">
                <div>
                  <p>{t('unit.location.missing')}</p>
                  {canEdit && (
                    <Button
                      size="small"
                      onClick={() => {
                        form.set(latField, String(FIRST_PIN.lat));
                        form.set(lonField, String(FIRST_PIN.lon));
                      }}
                    >
                      {t('unit.location.placePin')}
                    </Button>
                  )}
                </div>
              </div>
            );
          return (
            <MiniMap
              lat={at.lat}
              lon={at.lon}
              height={260}
              zoom={14}
              label={t('unit.location.mapLabel', { unit: details.UnitName })}
              pinLabel={t('unit.location.pinLabel')}
              noTilesText={t('unit.map.noTiles')}
              onMove={
                canEdit
                  ? (lat, lon) => {
                      form.set(latField, String(lat));
                      form.set(lonField, String(lon));
                    }
                  : undefined
              }
            />
          );
        }}
      </SettingsPanel>
      <LocationContainer details={details} canEdit={canEdit} />
    </div>
  );
}
