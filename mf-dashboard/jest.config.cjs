const path = require('node:path');
const base = require('../tools/jest.base.cjs')(__dirname);

// supercluster ships only as an ES module; tests use its prebuilt UMD copy (same code).
module.exports = {
  ...base,
  moduleNameMapper: {
    ...base.moduleNameMapper,
    '^supercluster$': path.join(__dirname, 'node_modules/supercluster/dist/supercluster.js'),
  },
};
