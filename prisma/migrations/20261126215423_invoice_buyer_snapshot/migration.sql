-- Issue 20 review: the buyer's name, address, tax office and tax number are kept on the invoice
-- when it is issued, so a later change in billing settings does not rewrite an issued invoice.
ALTER TABLE `invoices` ADD COLUMN `buyerName` VARCHAR(120) NULL,
    ADD COLUMN `buyerAddress` VARCHAR(255) NULL,
    ADD COLUMN `buyerTaxOffice` VARCHAR(100) NULL,
    ADD COLUMN `buyerTaxNumber` VARCHAR(11) NULL;

-- Invoices issued before: the restaurant's current details are the best record there is.
UPDATE `invoices` i JOIN `restaurants` r ON r.`id` = i.`restaurantId`
SET i.`buyerName` = r.`name`,
    i.`buyerAddress` = r.`address`,
    i.`buyerTaxOffice` = r.`taxOffice`,
    i.`buyerTaxNumber` = r.`taxNumber`;
