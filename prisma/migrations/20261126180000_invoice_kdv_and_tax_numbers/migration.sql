-- Issue 20, decision 062: a Turkish invoice. Plan prices include KDV; every invoice keeps the rate
-- it was written with and its total split into net + KDV (DECIMAL, net + KDV = total exactly).
ALTER TABLE `invoices` ADD COLUMN `taxRate` DECIMAL(5, 2) NOT NULL DEFAULT 20.00,
    ADD COLUMN `netAmount` DECIMAL(10, 2) NULL,
    ADD COLUMN `taxAmount` DECIMAL(10, 2) NULL;

-- Invoices written before: their totals included KDV at 20 % as well.
UPDATE `invoices` SET `netAmount` = ROUND(`totalAmount` * 100 / 120, 2), `taxAmount` = `totalAmount` - ROUND(`totalAmount` * 100 / 120, 2);

ALTER TABLE `invoices` MODIFY `netAmount` DECIMAL(10, 2) NOT NULL,
    MODIFY `taxAmount` DECIMAL(10, 2) NOT NULL;

-- The buyer's tax office and number (VKN, or TCKN for a sole trader), entered in billing settings.
ALTER TABLE `restaurants` ADD COLUMN `taxOffice` VARCHAR(100) NULL,
    ADD COLUMN `taxNumber` VARCHAR(11) NULL;
