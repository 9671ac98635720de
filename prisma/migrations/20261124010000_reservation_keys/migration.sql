-- AlterTable
ALTER TABLE `reservations` ADD COLUMN `version` INTEGER NOT NULL DEFAULT 1,
    ADD COLUMN `createKey` VARCHAR(64) NULL;

-- CreateIndex
CREATE UNIQUE INDEX `reservations_restaurantId_createKey_key` ON `reservations`(`restaurantId`, `createKey`);
