const { createConfig } = require('../tools/webpack.base.cjs');

module.exports = createConfig({ dir: __dirname, name: 'shell', cssPrefix: 'fw-shell', isShell: true });
