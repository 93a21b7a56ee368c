/** The unit map widget: the shared map (../map) showing every unit of the selected customers. */
import type { WidgetProps } from '../contract';
import { MapWidget } from '../map/MapWidget';
import type { MapSettings } from '../map/model';

export default function UnitMap(props: WidgetProps<MapSettings>) {
  return <MapWidget {...props} variant="unit" />;
}
