-- AlterTable
ALTER TABLE `restaurants` ADD COLUMN `settingsVersion` INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE `stock_items` ADD COLUMN `version` INTEGER NOT NULL DEFAULT 1,
    ADD COLUMN `createKey` VARCHAR(64) NULL,
    ADD COLUMN `deletedAt` DATETIME(3) NULL;

-- CreateIndex
CREATE UNIQUE INDEX `stock_items_restaurantId_createKey_key` ON `stock_items`(`restaurantId`, `createKey`);

-- CreateTable
CREATE TABLE `stock_movements` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `restaurantId` INTEGER NOT NULL,
    `stockItemId` INTEGER NOT NULL,
    `userId` INTEGER NULL,
    `userName` VARCHAR(120) NOT NULL,
    `change` DECIMAL(10, 2) NOT NULL,
    `level` DECIMAL(10, 2) NOT NULL,
    `reason` ENUM('purchase', 'adjustment', 'waste') NOT NULL,
    `note` VARCHAR(200) NULL,
    `createdAt` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `stock_movements_restaurantId_createdAt_idx`(`restaurantId`, `createdAt`),
    INDEX `stock_movements_stockItemId_createdAt_idx`(`stockItemId`, `createdAt`),
    INDEX `stock_movements_userId_idx`(`userId`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- AddForeignKey
ALTER TABLE `stock_movements` ADD CONSTRAINT `stock_movements_restaurantId_fkey` FOREIGN KEY (`restaurantId`) REFERENCES `restaurants`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `stock_movements` ADD CONSTRAINT `stock_movements_stockItemId_fkey` FOREIGN KEY (`stockItemId`) REFERENCES `stock_items`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `stock_movements` ADD CONSTRAINT `stock_movements_userId_fkey` FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON DELETE SET NULL ON UPDATE CASCADE;
