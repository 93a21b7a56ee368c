const { createConfig } = require('../tools/webpack.base.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'admin',
  cssPrefix: 'fw-adm',
  exposes: { './app': './src/app.tsx', './profile': './src/profile.tsx' },
});
