/**
 * Highcharts with the "more" module (arearange for min–max bands) and the accessibility module
 * (issue 23: screen reader descriptions, keyboard navigation through series and points). Imported
 * only by the chart kit, so both land in the lazily loaded chunks of the chart screens (the
 * accessibility module is ~40 KB gzipped). In Highcharts 12 importing a module file registers it
 * on the Highcharts it finds; the import order matters (Highcharts first).
 */
import Highcharts from 'highcharts';
import 'highcharts/highcharts-more';
import 'highcharts/modules/accessibility';

// Reduced motion (issue 23): Highcharts animates drawing and updates in JavaScript, which the
// theme's CSS rule cannot reach; a system that asks for reduced motion gets charts drawn at once.
if (typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
  Highcharts.setOptions({ chart: { animation: false }, plotOptions: { series: { animation: false } } });
}

export default Highcharts;
