import en from '../en/common.json';
import da from '../da/common.json';
import de from '../de/common.json';
import sv from '../sv/common.json';

/** The "common" namespace in every supported language, ready for addNamespace(). */
const bundle = { en, da, de, sv };
export default bundle;
