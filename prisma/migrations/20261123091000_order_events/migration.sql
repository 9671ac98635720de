-- AlterTable
ALTER TABLE `order_items` ADD COLUMN `complimentary` BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE `order_events` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `restaurantId` INTEGER NOT NULL,
    `orderId` INTEGER NOT NULL,
    `tableNumber` INTEGER NOT NULL,
    `kind` ENUM('void', 'complimentary') NOT NULL,
    `menuItemId` INTEGER NULL,
    `menuItemName` VARCHAR(120) NOT NULL,
    `quantity` INTEGER NOT NULL,
    `amount` DECIMAL(10, 2) NOT NULL,
    `reason` ENUM('customer_changed_mind', 'wrong_order', 'complimentary', 'other') NOT NULL,
    `note` VARCHAR(200) NULL,
    `userId` INTEGER NULL,
    `userName` VARCHAR(120) NOT NULL,
    `approval` ENUM('manager_mode', 'manager_password') NOT NULL,
    `createdAt` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `order_events_restaurantId_createdAt_idx`(`restaurantId`, `createdAt`),
    INDEX `order_events_orderId_idx`(`orderId`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- AddForeignKey
ALTER TABLE `order_events` ADD CONSTRAINT `order_events_restaurantId_fkey` FOREIGN KEY (`restaurantId`) REFERENCES `restaurants`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `order_events` ADD CONSTRAINT `order_events_orderId_fkey` FOREIGN KEY (`orderId`) REFERENCES `orders`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;
