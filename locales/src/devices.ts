import en from '../en/devices.json';
import da from '../da/devices.json';
import de from '../de/devices.json';
import sv from '../sv/devices.json';

/** The "devices" namespace in every supported language, ready for addNamespace(). */
const bundle = { en, da, de, sv };
export default bundle;
