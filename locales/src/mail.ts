import en from '../en/mail.json';
import da from '../da/mail.json';
import de from '../de/mail.json';
import sv from '../sv/mail.json';

/** The "mail" namespace: the texts of the mails the server sends, in every supported language. */
const bundle = { en, da, de, sv };
export default bundle;
