// Imposto de renda (/irpf): the year's workbook and the position on 31 December. docs/fiscal.md.
export { irpfRoutes } from './routes';
