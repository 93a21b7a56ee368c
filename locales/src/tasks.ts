import en from '../en/tasks.json';
import da from '../da/tasks.json';
import de from '../de/tasks.json';
import sv from '../sv/tasks.json';

/** The "tasks" namespace in every supported language, ready for addNamespace(). */
const bundle = { en, da, de, sv };
export default bundle;
