import en from '../en/onboarding.json';
import da from '../da/onboarding.json';
import de from '../de/onboarding.json';
import sv from '../sv/onboarding.json';

/** The "onboarding" namespace in every supported language, ready for addNamespace(). */
const bundle = { en, da, de, sv };
export default bundle;
