/** Onboarding from an NFC tag (public: the visitor has no account yet). */
import * as T from 'typebox';

/** GET /api/v3/onboarding/tag/:uuid — the id printed on (or read from) the tag. */
export const TagParams = T.Object({ uuid: T.String({ pattern: '^[A-Za-z0-9-]{1,64}$' }) });
