/** The alarm map widget: the shared map (../map) showing units with active alarms (alarm or problem). */
import type { WidgetProps } from '../contract';
import { MapWidget } from '../map/MapWidget';
import type { MapSettings } from '../map/model';

export default function AlarmMap(props: WidgetProps<MapSettings>) {
  return <MapWidget {...props} variant="alarm" />;
}
