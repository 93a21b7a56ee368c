import en from '../en/shell.json';
import da from '../da/shell.json';
import de from '../de/shell.json';
import sv from '../sv/shell.json';

/** The "shell" namespace in every supported language, ready for addNamespace(). */
const bundle = { en, da, de, sv };
export default bundle;
