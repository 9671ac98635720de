-- AlterTable: the key of the confirmation (page) or request (API) that took the payment;
-- a repeat with the same key answers as the first did instead of 409.
ALTER TABLE `payments` ADD COLUMN `payKey` VARCHAR(64) NULL;
