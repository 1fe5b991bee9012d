// The cities feature's public surface: IBGE municipalities (search, existence), CEP lookups and the vendored list.
export { default as municipios } from './data/municipios.json' with { type: 'json' };
export { cityRoutes } from './routes';
export { type CityResult, findCity } from './service';
export { stateOfCep } from './cep';
