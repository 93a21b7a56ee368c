import en from '../en/chart.json';
import da from '../da/chart.json';
import de from '../de/chart.json';
import sv from '../sv/chart.json';

/** The "chart" namespace in every supported language, ready for addNamespace(). */
const bundle = { en, da, de, sv };
export default bundle;
