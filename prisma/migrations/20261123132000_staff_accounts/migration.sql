-- Staff accounts: an edit carries the version it was based on (a stale one is refused),
-- a create carries an idempotency key (a repeated create makes one account).
ALTER TABLE `users` ADD COLUMN `version` INTEGER NOT NULL DEFAULT 1,
    ADD COLUMN `createKey` VARCHAR(64) NULL;

-- CreateIndex
CREATE UNIQUE INDEX `users_restaurantId_createKey_key` ON `users`(`restaurantId`, `createKey`);

-- The restaurant can take payments away from waiters (cashiers and managers keep them).
ALTER TABLE `restaurants` ADD COLUMN `waitersTakePayments` BOOLEAN NOT NULL DEFAULT true;
