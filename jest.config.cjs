// One jest run over every package (each package's own jest.config.cjs is a project).
module.exports = {
  projects: ['shared', 'locales', 'shell', 'mf-dashboard', 'mf-devices', 'mf-tasks', 'mf-admin', 'mf-onboarding', 'server'].map(
    (p) => `<rootDir>/${p}`,
  ),
};
