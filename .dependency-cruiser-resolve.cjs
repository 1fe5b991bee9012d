/**
 * How dependency-cruiser resolves imports beyond its defaults, read as a webpack `resolve` section
 * (.dependency-cruiser.cjs, `webpackConfig`): `@/x` is the importing app's src/x, as apps/<app>/tsconfig.json's paths
 * say. enhanced-resolve picks the tsconfig of the app folder that holds the importing file (its references); its
 * dependency-cruiser options would not take a `tsconfig`.
 */
const path = require('node:path');

module.exports = {
  resolve: {
    tsconfig: {
      configFile: path.join(__dirname, 'tsconfig.base.json'),
      // each a folder holding a tsconfig.json
      references: [path.join(__dirname, 'apps/server'), path.join(__dirname, 'apps/web')],
    },
  },
};
