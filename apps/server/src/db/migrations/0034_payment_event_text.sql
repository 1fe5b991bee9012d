-- A provider's webhook body is kept as the JSON text it sent, not as jsonb: jsonb refuses the escape \u0000 and lone
-- surrogates such as \ud800, which valid JSON may hold (in a description we never read), and a delivery we cannot
-- store is a delivery we never take. The text of a body JSON.parse accepted holds no NUL byte (JSON escapes control
-- characters) and came through a UTF-8 decoder, so PostgreSQL stores every one. `body::jsonb` still reads the rows
-- whose text jsonb accepts.
alter table payment_events alter column body type text using body::text;
