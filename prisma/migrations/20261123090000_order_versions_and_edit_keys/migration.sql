-- AlterTable
ALTER TABLE `orders` ADD COLUMN `version` INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE `order_drafts` ADD COLUMN `baseOrderId` INTEGER NULL,
    ADD COLUMN `baseVersion` INTEGER NULL;

-- CreateTable
CREATE TABLE `order_edits` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `restaurantId` INTEGER NOT NULL,
    `orderId` INTEGER NOT NULL,
    `editKey` VARCHAR(64) NOT NULL,
    `version` INTEGER NOT NULL,
    `createdAt` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `order_edits_orderId_idx`(`orderId`),
    UNIQUE INDEX `order_edits_restaurantId_editKey_key`(`restaurantId`, `editKey`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- AddForeignKey
ALTER TABLE `order_edits` ADD CONSTRAINT `order_edits_restaurantId_fkey` FOREIGN KEY (`restaurantId`) REFERENCES `restaurants`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `order_edits` ADD CONSTRAINT `order_edits_orderId_fkey` FOREIGN KEY (`orderId`) REFERENCES `orders`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;
