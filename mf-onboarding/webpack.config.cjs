const { createConfig } = require('../tools/webpack.base.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'onboarding',
  cssPrefix: 'fw-onb',
  exposes: { './app': './src/app.tsx', './embed': './src/embed.tsx' },
});
