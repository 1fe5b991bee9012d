// SQL helpers of the generator, created in a schema of its own (scale_seed): deterministic hashing, the decade's
// clock and silver price, Brazilian names, CPF and CNPJ with valid check digits. Nothing in the product reads them.

/** Where the decade starts and ends (Brasília, UTC-3): 2016-12 → 2026-11, the last complete month. */
const DECADE_START = '2016-12-01T00:00:00-03:00';
const DECADE_END = '2026-12-01T00:00:00-03:00';

const FIRST_F = [
  'Maria',
  'Ana',
  'Francisca',
  'Antônia',
  'Adriana',
  'Juliana',
  'Márcia',
  'Fernanda',
  'Patrícia',
  'Aline',
  'Sandra',
  'Camila',
  'Amanda',
  'Bruna',
  'Jéssica',
  'Letícia',
  'Júlia',
  'Luciana',
  'Vanessa',
  'Mariana',
  'Gabriela',
  'Vera',
  'Vitória',
  'Larissa',
  'Cláudia',
  'Beatriz',
  'Luana',
  'Rita',
  'Sônia',
  'Renata',
  'Eliane',
  'Josefa',
  'Simone',
  'Natália',
  'Cristiane',
  'Carla',
  'Débora',
  'Rosângela',
  'Jaqueline',
  'Rosa',
  'Daniela',
  'Aparecida',
  'Marlene',
  'Terezinha',
  'Raimunda',
  'Andréa',
  'Fabiana',
  'Lúcia',
  'Raquel',
  'Ângela',
  'Rafaela',
  'Joana',
  'Luzia',
  'Elaine',
  'Daniele',
  'Regina',
  'Daiane',
  'Sara',
  'Isabela',
  'Lívia',
];
const FIRST_M = [
  'José',
  'João',
  'Antônio',
  'Francisco',
  'Carlos',
  'Paulo',
  'Pedro',
  'Lucas',
  'Luiz',
  'Marcos',
  'Luis',
  'Gabriel',
  'Rafael',
  'Daniel',
  'Marcelo',
  'Bruno',
  'Eduardo',
  'Felipe',
  'Raimundo',
  'Rodrigo',
  'Manoel',
  'Mateus',
  'André',
  'Fernando',
  'Fábio',
  'Leonardo',
  'Gustavo',
  'Guilherme',
  'Leandro',
  'Tiago',
  'Anderson',
  'Ricardo',
  'Márcio',
  'Jorge',
  'Sebastião',
  'Alexandre',
  'Roberto',
  'Edson',
  'Diego',
  'Vitor',
  'Sérgio',
  'Cláudio',
  'Matheus',
  'Thiago',
  'Geraldo',
  'Adriano',
  'Luciano',
  'Júlio',
  'Renato',
  'Alex',
  'Vinícius',
  'Rogério',
  'Samuel',
  'Ronaldo',
  'Mário',
  'Flávio',
  'Douglas',
  'Igor',
  'Davi',
  'Heitor',
];
/** Most frequent first: a skewed pick makes "Silva" common and "Bezerra" rare, as in Brazil. */
const SURNAMES = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
  'Martins',
  'Carvalho',
  'Almeida',
  'Lopes',
  'Soares',
  'Fernandes',
  'Vieira',
  'Barbosa',
  'Rocha',
  'Dias',
  'Nascimento',
  'Andrade',
  'Moreira',
  'Nunes',
  'Marques',
  'Machado',
  'Mendes',
  'Freitas',
  'Cardoso',
  'Ramos',
  'Gonçalves',
  'Santana',
  'Teixeira',
  'Araújo',
  'Moura',
  'Correia',
  'Pinto',
  'Cavalcanti',
  'Monteiro',
  'Batista',
  'Campos',
  'Castro',
  'Cunha',
  'Reis',
  'Azevedo',
  'Barros',
  'Duarte',
  'Farias',
  'Miranda',
  'Borges',
  'Pires',
  'Nogueira',
  'Brito',
  'Guimarães',
  'Macedo',
  'Medeiros',
  'Fonseca',
  'Tavares',
  'Sales',
  'Siqueira',
  'Coelho',
  'Queiroz',
  'Prado',
  'Bezerra',
  'Xavier',
  'Peixoto',
  'Menezes',
  'Lacerda',
  'Matos',
  'Amaral',
  'Leite',
  'Paiva',
  'Rezende',
  'Bastos',
  'Aguiar',
  'Vasconcelos',
  'Figueiredo',
  'Cruz',
  'Sampaio',
  'Magalhães',
  'Brandão',
  'Toledo',
];
const ACTIVITIES = [
  'Comércio de Metais',
  'Joalheria',
  'Investimentos',
  'Participações',
  'Ourives',
  'Distribuidora',
  'Consultoria',
  'Agropecuária',
  'Comércio e Serviços',
  'Tecnologia',
  'Construções',
  'Transportes',
  'Alimentos',
  'Importação',
];
const DOMAINS = ['escala.prata.test', 'clientes.prata.test', 'correio.prata.test', 'exemplo.prata.test'];

/** The digit at a position (1 = leftmost) of a number with `width` digits, as SQL. */
const digit = (n: string, width: number, i: number) => `((${n} / ${10 ** (width - i)}) % 10)`;
/** Modulo 11 check digit of a weighted sum, as SQL: CPF rule (11 - s % 11, 10 and 11 become 0). */
const mod11 = (sum: string) => `(case when 11 - (${sum}) % 11 >= 10 then 0 else 11 - (${sum}) % 11 end)`;
/** CNPJ rule: s % 11 < 2 → 0, else 11 - s % 11. */
const mod11cnpj = (sum: string) => `(case when (${sum}) % 11 < 2 then 0 else 11 - (${sum}) % 11 end)`;

function cpfExpr(base: string): string {
  const d = (i: number) => digit(base, 9, i);
  const s1 = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => `${d(i)} * ${11 - i}`).join(' + ');
  const d1 = mod11(s1);
  const s2 = `${[1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => `${d(i)} * ${12 - i}`).join(' + ')} + ${d1} * 2`;
  return `lpad((${base})::text, 9, '0') || ${d1}::text || ${mod11(s2)}::text`;
}

function cnpjExpr(base: string): string {
  const w1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  const w2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  const d = (i: number) => digit(base, 12, i);
  const d1 = mod11cnpj(w1.map((w, i) => `${d(i + 1)} * ${w}`).join(' + '));
  const s2 = `${w1.map((_w, i) => `${d(i + 1)} * ${w2[i]}`).join(' + ')} + ${d1} * 2`;
  return `lpad((${base})::text, 12, '0') || ${d1}::text || ${mod11cnpj(s2)}::text`;
}

const arr = (xs: string[]) => `array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]::text[]`;

export const FUNCTIONS_SQL = `
create schema if not exists scale_seed;
-- created anew at each run (a changed signature would refuse create or replace); the staging tables stay
do $$ declare f record; begin
  for f in select p.oid::regprocedure as sig from pg_proc p join pg_namespace n on n.oid = p.pronamespace
            where n.nspname = 'scale_seed' loop
    execute 'drop function ' || f.sig;
  end loop;
end $$;

-- a deterministic number in [0, 1) from an id and a salt (PostgreSQL's own integer hash: same run, same database)
create or replace function scale_seed.u(a bigint, salt int) returns float8 language sql immutable parallel safe as
$$ select ((hashint8(a * 7919 + salt) + 2147483648)::float8 / 4294967296.0) $$;

create or replace function scale_seed.pick(xs text[], x float8) returns text language sql immutable parallel safe as
$$ select xs[1 + least(cardinality(xs) - 1, floor(x * cardinality(xs))::int)] $$;

create or replace function scale_seed.t0() returns timestamptz language sql immutable as $$ select '${DECADE_START}'::timestamptz $$;
create or replace function scale_seed.t1() returns timestamptz language sql immutable as $$ select '${DECADE_END}'::timestamptz $$;

-- silver in centavos per gram at a moment: R$ 1,80 in 2016 to about R$ 9 in 2026, with a few cycles
create or replace function scale_seed.frac(t timestamptz) returns float8 language sql immutable parallel safe as $$
  select least(1, greatest(0, extract(epoch from t - '${DECADE_START}'::timestamptz)::float8
               / extract(epoch from '${DECADE_END}'::timestamptz - '${DECADE_START}'::timestamptz)::float8))
$$;
create or replace function scale_seed.price_of(f float8) returns bigint language sql immutable parallel safe as
$$ select greatest(100, round(180 * power(5.0::float8, f) * (1 + 0.06 * sin(f * 37) + 0.02 * sin(f * 400))))::bigint $$;
create or replace function scale_seed.price(t timestamptz) returns bigint language sql immutable parallel safe as
$$ select scale_seed.price_of(scale_seed.frac(t)) $$;

-- half-up rounding of an integer ratio (the product's one rounding rule)
create or replace function scale_seed.div_half_up(n numeric, d numeric) returns bigint language sql immutable parallel safe as
$$ select floor(n / d + 0.5)::bigint $$;

create or replace function scale_seed.first_name(id bigint, female boolean) returns text language sql immutable parallel safe as
$$ select scale_seed.pick(case when female then ${arr(FIRST_F)} else ${arr(FIRST_M)} end, scale_seed.u(id, 11)) $$;

-- skewed: x^1.6 favours the first (most frequent) surnames
create or replace function scale_seed.surname(id bigint, salt int) returns text language sql immutable parallel safe as
$$ select scale_seed.pick(${arr(SURNAMES)}, power(scale_seed.u(id, salt), 1.6)) $$;

create or replace function scale_seed.activity(id bigint) returns text language sql immutable parallel safe as
$$ select scale_seed.pick(${arr(ACTIVITIES)}, scale_seed.u(id, 17)) $$;

create or replace function scale_seed.domain(id bigint) returns text language sql immutable parallel safe as
$$ select scale_seed.pick(${arr(DOMAINS)}, scale_seed.u(id, 19)) $$;

create or replace function scale_seed.ascii(s text) returns text language sql immutable parallel safe as
$$ select lower(translate(s, 'áàâãäéèêëíìîïóòôõöúùûüçÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇ ', 'aaaaaeeeeiiiiooooouuuucAAAAAEEEEIIIIOOOOOUUUUC.')) $$;

-- CPF: nine digits from the id (a bijection modulo 10^9, so unique), then the two check digits; CNPJ: eight digits
-- (a bijection modulo 10^8), branch 0001, the two check digits. Plain SQL expressions, so PostgreSQL inlines them.
create or replace function scale_seed.cpf(id bigint) returns text language sql immutable parallel safe as
$$ select ${cpfExpr('((id * 387420489 + 123456789) % 1000000000)')} $$;
create or replace function scale_seed.cnpj(id bigint) returns text language sql immutable parallel safe as
$$ select ${cnpjExpr('(((id * 43046721 + 7654321) % 100000000) * 10000 + 1)')} $$;

-- the generator's own record of its steps (a rerun skips what is done)
create table if not exists scale_seed_steps (step text primary key, done_at timestamptz not null default now(),
  rows bigint not null, seconds numeric not null);
`;
