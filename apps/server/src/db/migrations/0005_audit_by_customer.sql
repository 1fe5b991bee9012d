-- The customer page reads one customer's audit entries: those that target the customer, and those about something of
-- theirs that name them in details.customer_id (documents read, limit requests decided).
create index audit_log_target_idx on audit_log (target_type, target_id, id desc);
create index audit_log_customer_idx on audit_log ((details ->> 'customer_id'), id desc);
