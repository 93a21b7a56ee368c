/** The parking map widget: the shared map (../map) showing parking sensors, coloured by occupancy when known. */
import type { WidgetProps } from '../kit/widget-contract';
import { MapWidget } from '../kit/map/MapWidget';
import type { MapSettings } from '../kit/map/model';

export default function ParkingMap(props: WidgetProps<MapSettings>) {
  return <MapWidget {...props} variant="parking" />;
}
