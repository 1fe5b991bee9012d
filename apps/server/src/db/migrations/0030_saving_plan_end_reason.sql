-- Pix Automático's authorisation events (docs/saving-plans.md): a plan the payer's bank ended (cancelled by the payer,
-- expired unpaid, refused) keeps why, in Portuguese, for the customer's page and the back office.
alter table saving_plans add column end_reason text;
