-- AlterTable: a live table whose configuration was deleted while it had past orders (decision 030).
ALTER TABLE `tables` ADD COLUMN `archivedAt` DATETIME(3) NULL;

-- AlterTable: the idempotency key of a create (a double submit makes one row).
ALTER TABLE `table_sections` ADD COLUMN `clientKey` VARCHAR(64) NULL;

-- AlterTable
ALTER TABLE `table_configurations` ADD COLUMN `clientKey` VARCHAR(64) NULL;

-- CreateIndex
CREATE UNIQUE INDEX `table_sections_restaurantId_clientKey_key` ON `table_sections`(`restaurantId`, `clientKey`);

-- CreateIndex
CREATE UNIQUE INDEX `table_configurations_restaurantId_clientKey_key` ON `table_configurations`(`restaurantId`, `clientKey`);
