/** The catalogue as the store sees it. */
import type { WidgetComponent } from '@fieldwatch/shared';

export {
  MAP_WIDGETS,
  WIDGET_CATALOGUE,
  type WidgetCatalogueItem,
  type WidgetComponent,
} from '@fieldwatch/shared';

/** Parking widgets: offered only when a selected customer has the parking right. */
export const PARKING_WIDGETS: readonly WidgetComponent[] = ['parkingList', 'parkingMap', 'parkingStats'];
