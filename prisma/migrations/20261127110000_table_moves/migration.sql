-- Moving a party to another table, merging tables and moving order lines (issue 22, decision 084):
-- each move once by its key, and the orders it carried, for the order history.
CREATE TABLE `table_moves` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `restaurantId` INTEGER NOT NULL,
    `kind` ENUM('move', 'merge', 'move_items') NOT NULL,
    `fromTableId` INTEGER NOT NULL,
    `fromNumber` INTEGER NOT NULL,
    `toTableId` INTEGER NOT NULL,
    `toNumber` INTEGER NOT NULL,
    `summary` VARCHAR(1000) NULL,
    `result` TEXT NOT NULL,
    `moveKey` VARCHAR(64) NULL,
    `userId` INTEGER NULL,
    `userName` VARCHAR(120) NOT NULL,
    `createdAt` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `table_moves_restaurantId_createdAt_idx`(`restaurantId`, `createdAt`),
    UNIQUE INDEX `table_moves_restaurantId_moveKey_key`(`restaurantId`, `moveKey`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

CREATE TABLE `table_move_orders` (
    `moveId` INTEGER NOT NULL,
    `orderId` INTEGER NOT NULL,

    INDEX `table_move_orders_orderId_idx`(`orderId`),
    PRIMARY KEY (`moveId`, `orderId`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

ALTER TABLE `table_moves` ADD CONSTRAINT `table_moves_restaurantId_fkey` FOREIGN KEY (`restaurantId`) REFERENCES `restaurants`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE `table_move_orders` ADD CONSTRAINT `table_move_orders_moveId_fkey` FOREIGN KEY (`moveId`) REFERENCES `table_moves`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE `table_move_orders` ADD CONSTRAINT `table_move_orders_orderId_fkey` FOREIGN KEY (`orderId`) REFERENCES `orders`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;
