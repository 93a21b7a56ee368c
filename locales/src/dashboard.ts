import en from '../en/dashboard.json';
import da from '../da/dashboard.json';
import de from '../de/dashboard.json';
import sv from '../sv/dashboard.json';

/** The "dashboard" namespace in every supported language, ready for addNamespace(). */
const bundle = { en, da, de, sv };
export default bundle;
