/** The alarm map widget: the shared map (../map) showing units with active alarms (alarm or problem). */
import type { WidgetProps } from '../kit/widget-contract';
import { MapWidget } from '../kit/map/MapWidget';
import type { MapSettings } from '../kit/map/model';

export default function AlarmMap(props: WidgetProps<MapSettings>) {
  return <MapWidget {...props} variant="alarm" />;
}
