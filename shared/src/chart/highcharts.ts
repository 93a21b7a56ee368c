/**
 * Highcharts with the "more" module (arearange for min–max bands). Imported only by
 * the chart kit, so it lands in the lazily loaded chunks of the chart screens.
 */
import Highcharts from 'highcharts';
import 'highcharts/highcharts-more';

export default Highcharts;
