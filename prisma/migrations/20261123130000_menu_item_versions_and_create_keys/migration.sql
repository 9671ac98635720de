-- AlterTable
ALTER TABLE `menu_items` ADD COLUMN `version` INTEGER NOT NULL DEFAULT 1,
    ADD COLUMN `createKey` VARCHAR(64) NULL;

-- CreateIndex
CREATE UNIQUE INDEX `menu_items_restaurantId_createKey_key` ON `menu_items`(`restaurantId`, `createKey`);
