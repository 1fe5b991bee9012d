-- Every new hold and every hold the order book captures or releases wrote an entry in ledger_holds_reference_idx, on
-- the matcher's hot path (docs/performance.md, "Orders"); only the reconciliation read holds by reference (check 12),
-- and it now counts each reference's open holds in one pass instead.
drop index ledger_holds_reference_idx;
