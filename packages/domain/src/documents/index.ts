export { formatCep, isCompleteCep, ufForCep } from './cep';
export { formatCnpj, isValidCnpj, normalizeCnpj } from './cnpj';
export { formatCpf, isValidCpf } from './cpf';
export { DDDS, formatCelular, isValidCelular, maskCelular } from './phone';
export { isUf, type Uf, UFS } from './uf';
