/**
 * charts (XChart): telemetry of the link group's units — one series per unit × channel, the
 * group's time range (changing it moves every chart of the group), raw lines or hourly/daily
 * averages with a min–max band, limits, markers, zoom and CSV — or, for radar units, their scans.
 * settings.mode: 'telemetry' (default) | 'radar'.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Segmented } from '@fieldwatch/shared/ui';
import type { WidgetProps } from '../kit/widget-contract';
import { TelemetryView } from './TelemetryView';
import { hasRadar, RadarView } from './RadarView';

export interface ChartsSettings {
  mode: 'telemetry' | 'radar';
}

export default function ChartsWidget(props: WidgetProps<ChartsSettings>) {
  const { t } = useTranslation('dashboard');
  const { units, bindings, updateSettings } = props;
  const mode = props.widget.settings.mode === 'radar' ? 'radar' : 'telemetry';
  const radarOffered = useMemo(() => {
    if (mode === 'radar') return true;
    const wanted = new Set(bindings.units);
    return units.some((u) => wanted.has(u.UnitID) && hasRadar(u));
  }, [mode, units, bindings.units]);

  const modeSwitch = radarOffered ? (
    <Segmented
      mode="toggle"
      label={t('widgets.charts.mode')}
      value={mode}
      onChange={(m) => updateSettings({ mode: m })}
      segments={[
        { value: 'telemetry', label: t('widgets.charts.telemetry') },
        { value: 'radar', label: t('widgets.charts.radar.title') },
      ]}
    />
  ) : undefined;

  const viewProps = props as unknown as WidgetProps;
  return mode === 'radar' ? <RadarView {...viewProps} modeSwitch={modeSwitch} /> : <TelemetryView {...viewProps} modeSwitch={modeSwitch} />;
}
