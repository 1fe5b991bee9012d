// Each customer's address, as the registration stores it (addresses: CEP, the city's IBGE id, neighbourhood, street,
// number): without one a registration is not complete (features/users/presenter.ts), and every screen behind
// requireCompleteRegistration answers 403.

/**
 * The cities addresses are drawn from: IBGE ids of the product's municipality list (features/cities), the range of
 * their CEPs' first five digits (Correios), a weight (customers per 100) and a few real neighbourhoods.
 */
export const ADDRESS_CITIES: ReadonlyArray<{
  id: number;
  name: string;
  state: string;
  cep5: [number, number];
  weight: number;
  neighborhoods: string[];
}> = [
  {
    id: 3550308,
    name: 'São Paulo',
    state: 'SP',
    cep5: [1000, 5999],
    weight: 24,
    neighborhoods: ['Bela Vista', 'Pinheiros', 'Moema', 'Santana', 'Tatuapé', 'Vila Mariana'],
  },
  {
    id: 3304557,
    name: 'Rio de Janeiro',
    state: 'RJ',
    cep5: [20000, 23799],
    weight: 12,
    neighborhoods: ['Copacabana', 'Tijuca', 'Botafogo', 'Barra da Tijuca', 'Méier'],
  },
  {
    id: 3106200,
    name: 'Belo Horizonte',
    state: 'MG',
    cep5: [30000, 31999],
    weight: 8,
    neighborhoods: ['Savassi', 'Funcionários', 'Pampulha', 'Buritis'],
  },
  {
    id: 5300108,
    name: 'Brasília',
    state: 'DF',
    cep5: [70000, 72799],
    weight: 7,
    neighborhoods: ['Asa Sul', 'Asa Norte', 'Lago Sul', 'Sudoeste'],
  },
  {
    id: 4106902,
    name: 'Curitiba',
    state: 'PR',
    cep5: [80000, 82999],
    weight: 6,
    neighborhoods: ['Batel', 'Água Verde', 'Centro Cívico', 'Portão'],
  },
  {
    id: 4314902,
    name: 'Porto Alegre',
    state: 'RS',
    cep5: [90000, 91999],
    weight: 6,
    neighborhoods: ['Moinhos de Vento', 'Menino Deus', 'Petrópolis', 'Cidade Baixa'],
  },
  {
    id: 2927408,
    name: 'Salvador',
    state: 'BA',
    cep5: [40000, 42499],
    weight: 6,
    neighborhoods: ['Barra', 'Pituba', 'Rio Vermelho', 'Itapuã'],
  },
  {
    id: 2611606,
    name: 'Recife',
    state: 'PE',
    cep5: [50000, 52999],
    weight: 5,
    neighborhoods: ['Boa Viagem', 'Casa Forte', 'Graças', 'Espinheiro'],
  },
  {
    id: 2304400,
    name: 'Fortaleza',
    state: 'CE',
    cep5: [60000, 61599],
    weight: 5,
    neighborhoods: ['Aldeota', 'Meireles', 'Fátima', 'Cocó'],
  },
  {
    id: 3509502,
    name: 'Campinas',
    state: 'SP',
    cep5: [13000, 13139],
    weight: 5,
    neighborhoods: ['Cambuí', 'Taquaral', 'Barão Geraldo', 'Guanabara'],
  },
  {
    id: 5208707,
    name: 'Goiânia',
    state: 'GO',
    cep5: [74000, 74899],
    weight: 4,
    neighborhoods: ['Setor Bueno', 'Setor Marista', 'Setor Oeste', 'Jardim Goiás'],
  },
  {
    id: 4205407,
    name: 'Florianópolis',
    state: 'SC',
    cep5: [88000, 88099],
    weight: 4,
    neighborhoods: ['Centro', 'Trindade', 'Lagoa da Conceição', 'Itacorubi'],
  },
  {
    id: 1501402,
    name: 'Belém',
    state: 'PA',
    cep5: [66000, 66999],
    weight: 4,
    neighborhoods: ['Nazaré', 'Umarizal', 'Batista Campos', 'Marco'],
  },
  {
    id: 1302603,
    name: 'Manaus',
    state: 'AM',
    cep5: [69000, 69099],
    weight: 4,
    neighborhoods: ['Adrianópolis', 'Ponta Negra', 'Centro', 'Flores'],
  },
];

const STREETS = [
  'Rua das Flores',
  'Rua São José',
  'Avenida Brasil',
  'Rua Sete de Setembro',
  'Rua Quinze de Novembro',
  'Avenida Getúlio Vargas',
  'Rua Tiradentes',
  'Rua Dom Pedro II',
  'Avenida Santos Dumont',
  'Rua Rui Barbosa',
  'Rua Marechal Deodoro',
  'Avenida Independência',
];

const text = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * One address per customer (id = the user's id), in a city drawn by weight; written in the customers step (its
 * foreign keys are off: the cities are the reference data seeded before the steps).
 */
export function addressesSql(): string {
  const cities = ADDRESS_CITIES.map(
    (c, i) => `(${i + 1}, ${c.id}, ${c.cep5[0]}, ${c.cep5[1]}, array[${c.neighborhoods.map(text).join(', ')}]::text[])`,
  ).join(',\n              ');
  const weighted = ADDRESS_CITIES.flatMap((c, i) => Array.from({ length: c.weight }, () => i + 1));
  return `insert into addresses (id, user_id, type, cep, city_id, neighborhood, street, number, unit, other_info,
                             created_at, updated_at) overriding system value
     select c.user_id, c.user_id, case when c.company then 'Comercial' else 'Residencial' end,
            lpad((k.cep_from + floor(scale_seed.u(c.user_id, 161) * (k.cep_to - k.cep_from + 1)))::int::text, 5, '0')
              || lpad(floor(scale_seed.u(c.user_id, 162) * 1000)::int::text, 3, '0'),
            k.city_id, scale_seed.pick(k.neighborhoods, scale_seed.u(c.user_id, 163)),
            scale_seed.pick(array[${STREETS.map(text).join(', ')}], scale_seed.u(c.user_id, 164)),
            (1 + floor(scale_seed.u(c.user_id, 165) * 2500))::int::text,
            case when not c.company and scale_seed.u(c.user_id, 166) < 0.45
                 then 'Apto ' || (11 + floor(scale_seed.u(c.user_id, 167) * 190))::int end,
            null, c.created_at + interval '10 minutes', c.created_at + interval '10 minutes'
       from scale_seed.cust c
       join (values ${cities}) k(k, city_id, cep_from, cep_to, neighborhoods)
         on k.k = (array[${weighted.join(',')}])[1 + floor(scale_seed.u(c.user_id, 160) * ${weighted.length})::int]`;
}
