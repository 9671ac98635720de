-- Kitchen tickets (decision 079): one per station per send of an order, made in the order's own
-- transaction; (orderId, orderVersion, stationId) is unique so a replayed change makes none.
-- Order lines carry the waiter's note for the kitchen.
ALTER TABLE `order_items` ADD COLUMN `note` VARCHAR(140) NULL;

CREATE TABLE `kitchen_tickets` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `restaurantId` INTEGER NOT NULL,
    `orderId` INTEGER NOT NULL,
    `stationId` INTEGER NOT NULL,
    `kind` ENUM('new', 'addition') NOT NULL,
    `orderVersion` INTEGER NOT NULL,
    `sentById` INTEGER NULL,
    `sentByName` VARCHAR(120) NOT NULL,
    `status` ENUM('new', 'preparing', 'ready', 'served') NOT NULL DEFAULT 'new',
    `version` INTEGER NOT NULL DEFAULT 1,
    `alertAt` DATETIME(3) NULL,
    `createdAt` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updatedAt` DATETIME(3) NOT NULL,

    UNIQUE INDEX `kitchen_tickets_orderId_orderVersion_stationId_key`(`orderId`, `orderVersion`, `stationId`),
    UNIQUE INDEX `kitchen_tickets_restaurantId_id_key`(`restaurantId`, `id`),
    INDEX `kitchen_tickets_restaurantId_status_createdAt_idx`(`restaurantId`, `status`, `createdAt`),
    INDEX `kitchen_tickets_restaurantId_stationId_status_idx`(`restaurantId`, `stationId`, `status`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

CREATE TABLE `kitchen_ticket_items` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `restaurantId` INTEGER NOT NULL,
    `ticketId` INTEGER NOT NULL,
    `menuItemId` INTEGER NULL,
    `name` VARCHAR(120) NOT NULL,
    `quantity` INTEGER NOT NULL,
    `note` VARCHAR(140) NULL,
    `status` ENUM('new', 'preparing', 'ready', 'served') NOT NULL DEFAULT 'new',
    `voided` BOOLEAN NOT NULL DEFAULT false,
    `complimentary` BOOLEAN NOT NULL DEFAULT false,
    `version` INTEGER NOT NULL DEFAULT 1,
    `statusChangedAt` DATETIME(3) NULL,
    `createdAt` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `kitchen_ticket_items_ticketId_idx`(`ticketId`),
    INDEX `kitchen_ticket_items_restaurantId_status_idx`(`restaurantId`, `status`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

ALTER TABLE `kitchen_tickets` ADD CONSTRAINT `kitchen_tickets_orderId_fkey` FOREIGN KEY (`orderId`) REFERENCES `orders`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE `kitchen_tickets` ADD CONSTRAINT `kitchen_tickets_restaurantId_stationId_fkey` FOREIGN KEY (`restaurantId`, `stationId`) REFERENCES `stations`(`restaurantId`, `id`) ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE `kitchen_ticket_items` ADD CONSTRAINT `kitchen_ticket_items_ticketId_fkey` FOREIGN KEY (`ticketId`) REFERENCES `kitchen_tickets`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;
