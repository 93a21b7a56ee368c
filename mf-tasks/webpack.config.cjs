const { createConfig } = require('../tools/webpack.base.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'tasks',
  cssPrefix: 'fw-task',
  exposes: { './app': './src/app.tsx' },
});
