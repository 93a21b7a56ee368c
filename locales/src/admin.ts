import en from '../en/admin.json';
import da from '../da/admin.json';
import de from '../de/admin.json';
import sv from '../sv/admin.json';

/** The "admin" namespace in every supported language, ready for addNamespace(). */
const bundle = { en, da, de, sv };
export default bundle;
