// The cities feature's public surface: IBGE municipalities (search, existence) and the vendored list itself.
export { default as municipios } from './data/municipios.json' with { type: 'json' };
export { cityRoutes } from './routes';
export { type CityResult, cityExists, searchCities } from './service';
