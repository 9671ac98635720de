-- AlterTable: the key of the API request that moved the level (`change_key` or Idempotency-Key);
-- a retried move with the same key moves nothing twice.
ALTER TABLE `stock_movements` ADD COLUMN `changeKey` VARCHAR(64) NULL;

-- CreateIndex
CREATE UNIQUE INDEX `stock_movements_restaurantId_changeKey_key` ON `stock_movements`(`restaurantId`, `changeKey`);
