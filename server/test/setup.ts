// PGlite (WASM) start, migrations and the demo seed take a few seconds per test file. Set here
// rather than only as `testTimeout`, which the root multi-project jest run does not read per project.
jest.setTimeout(60_000);
