/** The platform contract's version (issue 21 §3): one number, in package.json and in the code. */
import pkg from '../package.json';
import { CONTRACT_VERSION, contractRange, neededPlatform, satisfiesContract } from '../src/contract/version';

test('CONTRACT_VERSION is the package version', () => {
  expect(CONTRACT_VERSION).toBe(pkg.version);
});

test('a remote needs the major it was built against and at least its minor', () => {
  expect(contractRange('1.3.2')).toBe('^1.3.0');
  expect(satisfiesContract('1.3.0', '^1.3.0')).toBe(true);
  expect(satisfiesContract('1.4.1', '^1.3.0')).toBe(true);
  expect(satisfiesContract('1.2.9', '^1.3.0')).toBe(false);
  expect(satisfiesContract('2.0.0', '^1.3.0')).toBe(false);
  expect(satisfiesContract('0.3.1', '^0.2.0')).toBe(false);
  expect(satisfiesContract('1.1.0', '>=1.0.0')).toBe(true);
  expect(satisfiesContract('1.1.0', '1.1.0')).toBe(true);
  expect(satisfiesContract('1.1.1', '1.1.0')).toBe(false);
  expect(satisfiesContract('1.1.0', '*')).toBe(true);
  expect(neededPlatform('^1.3.0')).toBe('1.3');
});
