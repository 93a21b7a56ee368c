/**
 * Highcharts with the "more" module (arearange for min–max bands). Imported only from the chart
 * widgets' folders, so it lands in their lazily loaded chunks.
 */
import Highcharts from 'highcharts';
import 'highcharts/highcharts-more';

export default Highcharts;
