/** The parking map widget: the shared map (../map) showing parking sensors, coloured by occupancy when known. */
import type { WidgetProps } from '../contract';
import { MapWidget } from '../map/MapWidget';
import type { MapSettings } from '../map/model';

export default function ParkingMap(props: WidgetProps<MapSettings>) {
  return <MapWidget {...props} variant="parking" />;
}
