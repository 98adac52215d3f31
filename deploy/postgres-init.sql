-- A separate database for the reference accounting ledger, as an integrator
-- would keep its own.
CREATE DATABASE accounting;
