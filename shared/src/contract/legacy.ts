/**
 * The older API's one door: /api/v1/xrequest/<Method> on GET or POST, with the method's
 * parameters as PascalCase query or body fields (each domain reads its own).
 */
import * as T from 'typebox';

/** The spec's method names are PascalCase words; anything else is not a method. */
export const XRequestParams = T.Object({ method: T.String({ pattern: '^[A-Za-z][A-Za-z0-9]{0,63}$' }) });
