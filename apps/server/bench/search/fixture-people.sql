-- The operator search's measuring fixture (docs/decisions.md, "Operator search and back-office lists at size"):
-- :customers customers with Brazilian names (accents, a skewed surname distribution: Silva is common, Falcão rare),
-- e-mails, valid CPFs, 1 in 10 a company with a valid CNPJ and a razão social; a few operators; :audit audit entries.
-- Set-based, deterministic (setseed). psql -v customers=1000000 -v audit=3000000 -f fixture-people.sql <db>
-- on a database the product's migrations were applied to.
\set ON_ERROR_STOP on
select setseed(0.38);

create temporary table first_names (i int primary key, v text);
insert into first_names (i, v)
select ordinality - 1, v from unnest(array['João','José','Maria','Ana','Antônio','Francisco','Carlos','Paulo','Pedro',
  'Lucas','Luiz','Marcos','Luís','Gabriel','Rafael','Daniel','Marcelo','Bruno','Eduardo','Felipe','Raimundo','Rodrigo',
  'Manoel','Mateus','André','Fernando','Fábio','Leonardo','Gustavo','Guilherme','Márcio','Sebastião','Conceição',
  'Francisca','Antônia','Adriana','Juliana','Márcia','Fernanda','Patrícia','Aline','Sandra','Camila','Amanda','Bruna',
  'Jéssica','Letícia','Júlia','Luciana','Vanessa','Mariana','Gabriela','Vitória','Beatriz','Larissa','Cláudia',
  'Simone','Débora','Inês','Flávia','Luana','Tânia','Rosângela','Lúcia','Thaís','Caio','Otávio','Vinícius','Cauã',
  'Heitor','Benício','Théo','Davi','Kauê','Ícaro','Ágatha','Cecília','Lívia','Heloísa','Laís','Nathália','Joaquim'])
  with ordinality as t(v, ordinality);

create temporary table surnames (i int primary key, v text);
insert into surnames (i, v)
select ordinality - 1, v from unnest(array['Silva','Santos','Oliveira','Souza','Rodrigues','Ferreira','Alves','Pereira',
  'Lima','Gomes','Costa','Ribeiro','Martins','Carvalho','Almeida','Lopes','Soares','Fernandes','Vieira','Barbosa',
  'Rocha','Dias','Nascimento','Andrade','Moreira','Nunes','Marques','Machado','Mendes','Freitas','Cardoso','Ramos',
  'Gonçalves','Santana','Teixeira','Araújo','Conceição','Sá','Guimarães','Magalhães','Brandão','Falcão','Simões',
  'Damásio','Assunção','Romão','Estêvão','Bragança','Patrício','Lúcio','Queiroz','Peixoto','Barros','Cavalcanti',
  'Aragão','Leão','Monteiro','Pinto','Xavier','Zanetti']) with ordinality as t(v, ordinality);

create temporary table domains (i int primary key, v text);
insert into domains (i, v)
select ordinality - 1, v from unnest(array['gmail.com','gmail.com','gmail.com','hotmail.com','hotmail.com','yahoo.com.br',
  'outlook.com','uol.com.br','bol.com.br','terra.com.br','icloud.com','globo.com']) with ordinality as t(v, ordinality);

-- the check digits of a CPF's 9 or a CNPJ's 12 digits (the Receita's modulo 11)
create function pg_temp.check_digit(digits text, weights int[]) returns text language sql immutable as $$
  select (case when s % 11 < 2 then 0 else 11 - s % 11 end)::text
    from (select sum(substr(digits, i, 1)::int * weights[i]) as s from generate_series(1, length(digits)) i) x $$;
create function pg_temp.cpf(base bigint) returns text language sql immutable as $$
  select b || d1 || d2 from (select b, d1, pg_temp.check_digit(b || d1, array[11,10,9,8,7,6,5,4,3,2]) d2
    from (select b, pg_temp.check_digit(b, array[10,9,8,7,6,5,4,3,2]) d1
      from (select lpad(base::text, 9, '0') b) x) y) z $$;
create function pg_temp.cnpj(base bigint) returns text language sql immutable as $$
  select b || d1 || d2 from (select b, d1, pg_temp.check_digit(b || d1, array[6,5,4,3,2,9,8,7,6,5,4,3,2]) d2
    from (select b, pg_temp.check_digit(b, array[5,4,3,2,9,8,7,6,5,4,3,2]) d1
      from (select lpad(base::text, 8, '0') || '0001' b) x) y) z $$;

-- operators first (the audit log's actors)
insert into users (name, email, password_hash, account_type, email_verified_at, approved_at, staff_roles, created_at)
select 'Operadora ' || g, 'operador' || g || '@prata.dev', 'x', 'individual', now(), now(),
       array['admin','compliance','finance','support','logistics'], now() - interval '10 years'
  from generate_series(1, 20) g;

-- customers: created over ten years in id order; the skew (random()^3) makes the first surnames common
insert into users (name, email, password_hash, account_type, cpf, email_verified_at, approved_at,
                   registration_rejected_at, closed_at, created_at)
select f.v || ' ' || s1.v || ' ' || s2.v,
       lower(unaccent(f.v)) || '.' || lower(unaccent(replace(s2.v, ' ', ''))) || g || '@' || d.v,
       'x', case when g % 10 = 0 then 'company' else 'individual' end,
       pg_temp.cpf((g * 387420489::bigint) % 1000000000),
       case when g % 50 <> 0 then c end,
       case when g % 7 <> 0 and g % 50 <> 0 then c + interval '2 days' end,
       case when g % 7 = 0 and g % 21 = 0 then c + interval '3 days' end,
       case when g % 97 = 0 then c + interval '400 days' end,
       c
  from generate_series(1, :customers) g
  cross join lateral (select timestamptz '2016-12-01 12:00-03'
                              + (g::float8 / :customers) * (timestamptz '2026-11-30' - timestamptz '2016-12-01')
                              + (g % 3600) * interval '1 second' as c) t
  join first_names f on f.i = (hashint4(g) & 2147483647) % 82
  join surnames s1 on s1.i = floor(60 * power(((hashint4(g + 7) & 2147483647) % 100000) / 100000.0, 3))
  join surnames s2 on s2.i = floor(60 * power(((hashint4(g + 13) & 2147483647) % 100000) / 100000.0, 2))
  join domains d on d.i = (hashint4(g + 29) & 2147483647) % 12
 order by g;

insert into companies (user_id, cnpj, razao_social, celular, email, cnae_principal, regime_tributario, created_at)
select u.id, pg_temp.cnpj((u.id * 43046721::bigint) % 100000000),
       split_part(u.name, ' ', 3) || ' ' ||
         (array['Comércio de Metais','Participações','Investimentos','Joias e Relógios','Ourivesaria','Serviços'])
           [1 + u.id % 6] || ' Ltda',
       '11999990000', u.email, '4783-1/01', 'simples', u.created_at
  from users u where u.account_type = 'company';

-- the audit log: operators' decisions about customers, newest last
insert into audit_log (actor_user_id, action, target_type, target_id, details, ip, created_at)
select 1 + g % 20,
       (array['customer.registration_approved','document.viewed','trading_limit.approved','customer.blocked'])[1 + g % 4],
       'user', (21 + (hashint4(g) & 2147483647) % :customers)::text,
       jsonb_build_object('customer_id', (21 + (hashint4(g) & 2147483647) % :customers)::text),
       '10.0.0.' || (g % 250), timestamptz '2016-12-01' + (g::float8 / :audit) * interval '3650 days'
  from generate_series(1, :audit) g;
analyze users; analyze companies; analyze audit_log;
