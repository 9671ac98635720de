-- Billing by bank transfer (decision 040): an invoice is due 7 days after it is written, may be
-- replaced (cancelled) by a plan change before it is paid, carries the credit for the unused part of
-- a paid period, and the key of the plan-change form or request that wrote it (a repeat answers the
-- first invoice). One invoice per restaurant and period start: a period is never billed twice.
ALTER TABLE `invoices` MODIFY `status` ENUM('paid', 'pending', 'failed', 'cancelled') NOT NULL DEFAULT 'pending',
    ADD COLUMN `planPrice` DECIMAL(10, 2) NULL,
    ADD COLUMN `creditAmount` DECIMAL(10, 2) NOT NULL DEFAULT 0.00,
    ADD COLUMN `dueAt` DATETIME(3) NULL,
    ADD COLUMN `cancelledAt` DATETIME(3) NULL,
    ADD COLUMN `createKey` VARCHAR(64) NULL;

UPDATE `invoices` SET `planPrice` = `totalAmount`, `dueAt` = DATE_ADD(`createdAt`, INTERVAL 7 DAY);

ALTER TABLE `invoices` MODIFY `planPrice` DECIMAL(10, 2) NOT NULL,
    MODIFY `dueAt` DATETIME(3) NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX `invoices_restaurantId_createKey_key` ON `invoices`(`restaurantId`, `createKey`);
CREATE UNIQUE INDEX `invoices_restaurantId_periodStart_key` ON `invoices`(`restaurantId`, `periodStart`);
CREATE INDEX `invoices_restaurantId_status_dueAt_idx` ON `invoices`(`restaurantId`, `status`, `dueAt`);

-- AlterTable: the due date of the oldest unpaid invoice, read with the session on every request so
-- that "past due" and the suspension 14 days later need no extra query (decision 040); and when the
-- restaurant was suspended for not paying (paying lifts only that suspension).
ALTER TABLE `restaurants` ADD COLUMN `paymentDueAt` DATETIME(3) NULL,
    ADD COLUMN `paymentSuspendedAt` DATETIME(3) NULL;

UPDATE `restaurants` r SET `paymentDueAt` = (
    SELECT MIN(i.`dueAt`) FROM `invoices` i WHERE i.`restaurantId` = r.`id` AND i.`status` = 'pending'
);
