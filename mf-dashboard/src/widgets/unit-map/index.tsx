/** The unit map widget: the shared map (../map) showing every unit of the selected customers. */
import type { WidgetProps } from '../kit/widget-contract';
import { MapWidget } from '../kit/map/MapWidget';
import type { MapSettings } from '../kit/map/model';

export default function UnitMap(props: WidgetProps<MapSettings>) {
  return <MapWidget {...props} variant="unit" />;
}
