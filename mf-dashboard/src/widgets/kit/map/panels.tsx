/**
 * The map's floating panels: the GIS filter (statuses, unit types) and the map settings
 * (satellite, clustering, remembered view). Changes go straight to updateSettings.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { UNIT_STATUSES, type UnitStatus } from '@fieldwatch/shared';
import { useServerText } from '@fieldwatch/shared/remote';
import { statusChoices, type MapFilter, type MapSettings, type MapVariant } from './model';
import { ToneShape } from './status-shape';
import css from './map.module.css';

export function usePanelKeys(onClose: () => void) {
  const ref = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('input, button')?.focus();
  }, []);
  return {
    ref,
    onKeyDown: (e: React.KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        onClose();
      }
    },
  };
}

export function FilterPanel(props: {
  id: string;
  variant: MapVariant;
  filter: Required<MapFilter>;
  unitTypes: number[];
  onChange: (f: MapFilter) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const serverText = useServerText();
  const keys = usePanelKeys(props.onClose);
  const choices = statusChoices(props.variant);
  const statusOn = (s: UnitStatus) => props.filter.statuses.length === 0 || props.filter.statuses.includes(s);
  const toggleStatus = (s: UnitStatus) => {
    const on = new Set(choices.filter(statusOn));
    if (on.has(s)) on.delete(s);
    else on.add(s);
    // All chosen means no status filter; keep the fixed order.
    const list = UNIT_STATUSES.filter((x) => on.has(x) && choices.includes(x));
    props.onChange({ ...props.filter, statuses: list.length === choices.length ? [] : list });
  };
  // Types the filter names but the fleet lacks stay listed, so they can be unticked.
  const types = [...new Set([...props.unitTypes, ...props.filter.unitTypes])].sort((a, b) => a - b);
  const typeOn = (code: number) => props.filter.unitTypes.length === 0 || props.filter.unitTypes.includes(code);
  const toggleType = (code: number) => {
    const on = new Set(types.filter(typeOn));
    if (on.has(code)) on.delete(code);
    else on.add(code);
    const list = types.filter((c) => on.has(c));
    props.onChange({ ...props.filter, unitTypes: list.length === types.length ? [] : list });
  };
  return (
    <div
      id={props.id}
      ref={keys.ref}
      className={css.panel}
      role="dialog"
      aria-label={t('widgets.unitMap.filter.title')}
      onKeyDown={keys.onKeyDown}
    >
      <div className={css.panelHead}>
        <h3>{t('widgets.unitMap.filter.title')}</h3>
        <button type="button" className={css.close} onClick={props.onClose} aria-label={t('common:action.close')}>
          ×
        </button>
      </div>
      <fieldset className={css.group}>
        <legend>{t('widgets.unitMap.filter.statuses')}</legend>
        {choices.map((s) => (
          <label key={s} className={css.check}>
            <input type="checkbox" checked={statusOn(s)} onChange={() => toggleStatus(s)} />
            <ToneShape tone={s} className={css.swatch} />
            {t(`common:status.${s}`)}
          </label>
        ))}
      </fieldset>
      <fieldset className={css.group}>
        <legend>{t('widgets.unitMap.filter.unitTypes')}</legend>
        {types.length === 0 && <p className={css.muted}>{t('widgets.unitMap.filter.noTypes')}</p>}
        <div className={css.typeList}>
          {types.map((code) => (
            <label key={code} className={css.check}>
              <input type="checkbox" checked={typeOn(code)} onChange={() => toggleType(code)} />
              {serverText.unitType(code)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className={css.panelFoot}>
        <button
          type="button"
          className={css.tool}
          onClick={() => props.onChange({ statuses: [], unitTypes: [] })}
          disabled={props.filter.statuses.length === 0 && props.filter.unitTypes.length === 0}
        >
          {t('widgets.unitMap.filter.clear')}
        </button>
      </div>
    </div>
  );
}

export function SettingsPanel(props: {
  id: string;
  settings: Partial<MapSettings>;
  satelliteAvailable: boolean;
  onChange: (patch: Partial<MapSettings>) => void;
  onFitAll: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const keys = usePanelKeys(props.onClose);
  const s = props.settings;
  return (
    <div
      id={props.id}
      ref={keys.ref}
      className={css.panel}
      role="dialog"
      aria-label={t('widgets.unitMap.settings.title')}
      onKeyDown={keys.onKeyDown}
    >
      <div className={css.panelHead}>
        <h3>{t('widgets.unitMap.settings.title')}</h3>
        <button type="button" className={css.close} onClick={props.onClose} aria-label={t('common:action.close')}>
          ×
        </button>
      </div>
      <div className={css.group}>
        <label className={css.check}>
          <input
            type="checkbox"
            checked={s.satellite === true}
            disabled={!props.satelliteAvailable}
            onChange={(e) => props.onChange({ satellite: e.target.checked })}
          />
          {t('widgets.unitMap.settings.satellite')}
        </label>
        <label className={css.check}>
          <input type="checkbox" checked={s.cluster !== false} onChange={(e) => props.onChange({ cluster: e.target.checked })} />
          {t('widgets.unitMap.settings.cluster')}
        </label>
        <label className={css.check}>
          <input
            type="checkbox"
            checked={s.rememberView === true}
            onChange={(e) => props.onChange(e.target.checked ? { rememberView: true } : { rememberView: false, view: undefined })}
          />
          {t('widgets.unitMap.settings.rememberView')}
        </label>
      </div>
      <div className={css.panelFoot}>
        <button type="button" className={css.tool} onClick={props.onFitAll}>
          {t('widgets.unitMap.settings.fitAll')}
        </button>
      </div>
    </div>
  );
}
