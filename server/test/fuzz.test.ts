/**
 * Fuzzing every route (fuzz.suite.ts, where the routes, their generators and the checks are):
 * the first half of the routes on PGlite. fuzz-2.test.ts has the other half, fuzz-postgres.test.ts
 * every route on PostgreSQL.
 */
import { fuzzSuite } from './fuzz.suite';

fuzzSuite('pglite', { index: 0, of: 2 });
