/** Fuzzing every route (fuzz.suite.ts): the second half of the routes on PGlite. */
import { fuzzSuite } from './fuzz.suite';

fuzzSuite('pglite', { index: 1, of: 2 });
