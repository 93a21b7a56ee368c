/** Fuzzing every route (fuzz.suite.ts) on PostgreSQL, when TEST_DATABASE_URL names one. */
import { fuzzSuite } from './fuzz.suite';
import { DRIVERS } from './helpers';

if (DRIVERS.includes('postgres')) fuzzSuite('postgres');
else it.skip('needs TEST_DATABASE_URL (PostgreSQL)', () => undefined);
