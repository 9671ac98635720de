-- The fiscal document of a payment (issue 22): an ÖKC receipt's fiş and Z numbers, or an e-Arşiv
-- invoice's ETTN, typed by the cashier now and filled by an integration later.
ALTER TABLE `payments` ADD COLUMN `fiscalKind` ENUM('okc', 'e_arsiv') NULL,
    ADD COLUMN `fiscalNumber` VARCHAR(36) NULL,
    ADD COLUMN `fiscalZ` VARCHAR(10) NULL;
