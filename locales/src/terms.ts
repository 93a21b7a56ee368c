import en from '../en/terms.json';
import da from '../da/terms.json';
import de from '../de/terms.json';
import sv from '../sv/terms.json';

/** The "terms" namespace: the general terms (version TERMS_VERSION) in every supported language, ready for addNamespace(). */
const bundle = { en, da, de, sv };
export default bundle;
