// The cities feature's public surface: IBGE municipalities (search, existence), CEP lookups and the vendored list.
export { default as municipios } from './data/municipios.json' with { type: 'json' };
export { cityRoutes } from './routes';
export { type CityResult, cityExists, findCity, searchCities } from './service';
export { lookupCep, stateOfCep } from './cep';
