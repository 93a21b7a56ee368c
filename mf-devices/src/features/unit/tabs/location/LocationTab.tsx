/**
 * Location: where the unit stands — drag the pin on the map (or move it with the arrow keys, or
 * click where it stands, or type the coordinates), its address, "Location missing" when it has no
 * position. The fields start at the unit's own stored position and address until the settings'
 * location section is saved. Saving writes the settings' location section and then the unit's own
 * position and address (PUT updateUnit), which the maps, the header and the device table show; if
 * the second write is refused, the form says so (the values stay in the settings). Below: the
 * location container that holds the unit, and a move to another.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import {
  ENDPOINTS,
  errorMessage,
  pathFor,
  queryKeys,
  type Unit,
  type UnitDetails,
  type UnitSettings,
  type UpdateUnitBody,
} from '@fieldwatch/shared';
import { useDevices, useRemote } from '@fieldwatch/shared/remote';
import { PositionMap, type LatLon } from '../../../map/PositionMap';
import { placeOf } from '../../../map/UnitsMap';
import { SettingsPanel } from '../../settings/SettingsForm';
import type { NumberField, SettingsField, TextFieldDef } from '../../settings/fields';
import { validateField } from '../../settings/fields';
import type { SettingsForm } from '../../settings/useSettingsForm';
import { LOCATION_FIELDS } from '../settings/fields';
import { LocationContainer } from './LocationContainer';
import type { UnitTabProps } from '../types';
import css from '../tabs.module.css';

/** The location fields, starting at the unit's own stored position and address. */
export function locationFields(details: UnitDetails): SettingsField[] {
  return LOCATION_FIELDS.map((f): SettingsField => {
    if (f.key === 'address') return { ...(f as TextFieldDef), default: details.UnitLocation ?? '' };
    if (f.key === 'lat') return { ...(f as NumberField), default: details.UnitGPSLatitude };
    if (f.key === 'lon') return { ...(f as NumberField), default: details.UnitGPSLongitude };
    return f;
  });
}

function positionOf(form: SettingsForm, lat: SettingsField, lon: SettingsField): LatLon | null {
  const a = form.value(lat);
  const b = form.value(lon);
  if (a === null || b === null || String(a).trim() === '' || String(b).trim() === '') return null;
  if (validateField(lat, a) || validateField(lon, b)) return null;
  return { lat: Number(String(a).replace(',', '.')), lon: Number(String(b).replace(',', '.')) };
}

/**
 * What the updateUnit call must change so the unit matches the saved location section (nothing:
 * null). Position as a pair; the address as the unit's location text.
 */
export function unitChanges(details: UnitDetails, saved: UnitSettings): UpdateUnitBody | null {
  const loc = saved.settings.location ?? {};
  const body: UpdateUnitBody = {};
  // A coordinate the section does not hold is the unit's own (as the form showed it); a position
  // is a pair (both null clears it), half of one is not sent.
  const coord = (key: 'lat' | 'lon', own: number | null) =>
    key in loc ? (typeof loc[key] === 'number' ? (loc[key] as number) : null) : own;
  const lat = coord('lat', details.UnitGPSLatitude);
  const lon = coord('lon', details.UnitGPSLongitude);
  if (
    (lat === null) === (lon === null) &&
    (lat !== details.UnitGPSLatitude || lon !== details.UnitGPSLongitude)
  ) {
    body.lat = lat;
    body.lon = lon;
  }
  if (typeof loc.address === 'string' && loc.address.trim() !== (details.UnitLocation ?? '')) {
    body.location = loc.address.trim();
  }
  return Object.keys(body).length > 0 ? body : null;
}

/** Where the map looks for a unit without a position: the middle of its organisation's placed units. */
function emptyViewOf(units: readonly Unit[] | undefined, customer: number): { center: LatLon; zoom: number } {
  const mine = (units ?? [])
    .filter((u) => u.CustomerID === customer)
    .map(placeOf)
    .filter((p) => p !== null);
  if (mine.length === 0) return { center: { lat: 30, lon: 10 }, zoom: 2 };
  const lat = mine.reduce((s, p) => s + p.lat, 0) / mine.length;
  const lon = mine.reduce((s, p) => s + p.lon, 0) / mine.length;
  return { center: { lat, lon }, zoom: 8 };
}

export function LocationTab({ unitId, details, canEdit }: UnitTabProps) {
  const { t } = useTranslation('devices');
  const { api } = useRemote();
  const queryClient = useQueryClient();
  const devices = useDevices();
  const fields = useMemo(() => locationFields(details), [details]);
  const latField = fields.find((f) => f.key === 'lat')!;
  const lonField = fields.find((f) => f.key === 'lon')!;
  const emptyView = useMemo(
    () => emptyViewOf(devices.data, details.CustomerID),
    [devices.data, details.CustomerID],
  );

  const afterSave = async (saved: UnitSettings) => {
    const body = unitChanges(details, saved);
    if (!body) return null;
    const moved = 'lat' in body;
    try {
      await api.http.put(pathFor(ENDPOINTS.updateUnit, { id: unitId }), body);
      void queryClient.invalidateQueries({ queryKey: queryKeys.unitPart(unitId, 'details') });
      void queryClient.invalidateQueries({ queryKey: ['devices'] });
      return { ok: true, text: t(moved ? 'unit.location.moved' : 'unit.location.addressSaved') };
    } catch (err) {
      return {
        ok: false,
        text: t(moved ? 'unit.location.notMoved' : 'unit.location.addressNotSaved', {
          reason: errorMessage(err),
        }),
      };
    }
  };

  return (
    <div className={css.stack}>
      <SettingsPanel
        unitId={unitId}
        canEdit={canEdit}
        title="unit.location.title"
        intro={canEdit ? 'unit.location.intro' : undefined}
        fields={fields}
        options={{ afterSave }}
        testId="location-tab"
      >
        {(form) => (
          <PositionMap
            position={positionOf(form, latField, lonField)}
            height={280}
            zoom={14}
            emptyView={emptyView}
            label={t('unit.location.mapLabel', { unit: details.UnitName })}
            pinLabel={t('unit.location.pinLabel')}
            tilesNote={t('map.tilesUnavailable')}
            missing={{ text: t('unit.location.missing'), placeLabel: t('unit.location.placePin') }}
            onMove={
              canEdit
                ? (lat, lon) => {
                    form.set(latField, String(lat));
                    form.set(lonField, String(lon));
                  }
                : undefined
            }
          />
        )}
      </SettingsPanel>
      <LocationContainer details={details} canEdit={canEdit} />
    </div>
  );
}
