const { createConfig } = require('../tools/webpack.base.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'devices',
  cssPrefix: 'fw-dev',
  exposes: { './app': './src/app.tsx' },
});
