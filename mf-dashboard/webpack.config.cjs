const { createConfig } = require('../tools/webpack.base.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'dashboard',
  cssPrefix: 'fw-dash',
  exposes: { './app': './src/app.tsx' },
});
